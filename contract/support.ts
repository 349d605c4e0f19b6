import { z } from 'zod';

/** GET /api/support: where users write for help (SUPPORT_EMAIL); null where the server names none. */
export const supportContactSchema = z.object({ email: z.string().nullable() });
export type SupportContact = z.infer<typeof supportContactSchema>;

/** Where this server cannot mail reset links: whom to write to, else the administrator, who resets it on Admin. */
export function resetUnavailableMessage(supportEmail: string | null): string {
  return supportEmail
    ? `This server cannot send reset links. Write to ${supportEmail}: your administrator can reset your password on the Admin page.`
    : 'This server cannot send reset links. Ask your administrator: they can reset your password on the Admin page.';
}
