import { eq } from 'drizzle-orm';
import type { ProfileInput } from '../../../contract/auth';
import type { Database } from '../../db/client';
import { type UserRow, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { sendingWindowColumns } from '../shared/sending-window';

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** Replaces the profile fields of the signed-in user; fields left out keep their value. */
    async updateProfile(user: UserRow, input: ProfileInput): Promise<UserRow> {
      const { sendingWindow, ...fields } = input;
      const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      const [updated] = await db
        .update(users)
        .set({ ...changes, ...(sendingWindow && sendingWindowColumns(sendingWindow)), updatedAt: clock.now() })
        .where(eq(users.id, user.id))
        .returning();
      if (!updated) throw AppError.notFound('User not found');
      return updated;
    },
  };
}
