import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { ApiKey, ApiKeyScope, CreateApiKeyRequest, CreatedApiKey } from '../../../contract/api-keys';
import type { Database } from '../../db/client';
import { type ApiKeyRow, apiKeys, type UserRow, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';

/** Every key starts so, which tells a key from a session token in logs and secret scanners. */
export const API_KEY_PREFIX = 'lr_';
/** Requests a key may make a minute, across every process (server/lib/rate-limiter.ts). */
export const API_KEY_REQUESTS_PER_MINUTE = 300;
/** A key's last use is written at most this often: a busy key does not write on every request. */
const LAST_USED_GRANULARITY_MS = 60_000;
const MAX_KEYS_PER_USER = 50;

const digest = (key: string) => createHash('sha256').update(key).digest('hex');

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

/** A user's API keys: made (shown once), listed, revoked, and resolved from a request's bearer token. */
export function createApiKeysService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  const live = (userId: string) => and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt));

  return {
    async list(user: UserRow): Promise<ApiKey[]> {
      const rows = await db.select().from(apiKeys).where(live(user.id)).orderBy(desc(apiKeys.id));
      return rows.map(toApiKey);
    },

    async create(user: UserRow, request: CreateApiKeyRequest): Promise<CreatedApiKey> {
      const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(apiKeys).where(live(user.id));
      if (count >= MAX_KEYS_PER_USER) {
        throw AppError.badRequest(
          `You can have at most ${MAX_KEYS_PER_USER} keys. Revoke one you no longer use first.`,
        );
      }
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const [row] = await db
        .insert(apiKeys)
        .values({
          userId: user.id,
          name: request.name,
          prefix: key.slice(0, API_KEY_PREFIX.length + 6),
          keyHash: digest(key),
          scopes: [...new Set(request.scopes)],
          createdAt: clock.now(),
        })
        .returning();
      return { ...toApiKey(row), key };
    },

    /** Revokes the user's key at once: the next request with it is refused. */
    async revoke(user: UserRow, id: number): Promise<void> {
      const [revoked] = await db
        .update(apiKeys)
        .set({ revokedAt: clock.now() })
        .where(and(eq(apiKeys.id, id), live(user.id)))
        .returning({ id: apiKeys.id });
      if (!revoked) throw AppError.notFound('API key not found');
    },

    /** The live key a bearer token stands for, with its owner; null for an unknown or revoked one. */
    async resolve(token: string): Promise<{ key: ApiKeyRow; user: UserRow } | null> {
      if (!token.startsWith(API_KEY_PREFIX) || token.length > 100) return null;
      const [found] = await db
        .select({ key: apiKeys, user: users })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(and(eq(apiKeys.keyHash, digest(token)), isNull(apiKeys.revokedAt)));
      if (!found) return null;
      const now = clock.now();
      const stale = new Date(now.getTime() - LAST_USED_GRANULARITY_MS);
      if (!found.key.lastUsedAt || found.key.lastUsedAt < stale) {
        await db
          .update(apiKeys)
          .set({ lastUsedAt: now })
          .where(and(eq(apiKeys.id, found.key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
      }
      return found;
    },
  };
}
