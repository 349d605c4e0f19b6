import { bigint, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The columns a user's own table starts with: an identity id, and its owner, with whom its rows are deleted. */
export const ownedRowColumns = () => ({
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});
