import { z } from 'zod';

/** GET /api/support: where users write for help (SUPPORT_EMAIL); null where the server names none. */
export const supportContactSchema = z.object({ email: z.string().nullable() });
export type SupportContact = z.infer<typeof supportContactSchema>;
