import { z } from 'zod';

/** The parts of the API a key can be allowed into; account, billing, admin and key management are never among them. */
export const API_KEY_AREAS = ['leads', 'templates', 'campaigns', 'replies', 'analytics'] as const;
export type ApiKeyArea = (typeof API_KEY_AREAS)[number];

/**
 * What a key may do: "read" or "write" in every area, or in one ("leads:read", "campaigns:write"). Write includes
 * read: a key that may change leads may also read them.
 */
export const API_KEY_SCOPES = [
  'read',
  'write',
  ...API_KEY_AREAS.flatMap((area) => [`${area}:read`, `${area}:write`] as const),
] as const;
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/**
 * Areas a key reaches with the general `write` scope only, whatever the method: webhook subscriptions send the
 * account's data wherever they point, so a key that may only read cannot make one.
 */
export const WRITE_ONLY_API_AREAS = ['webhooks'] as const;
export type WriteOnlyApiArea = (typeof WRITE_ONLY_API_AREAS)[number];

/** Whether `scopes` allow reading (GET) or writing (anything else) in `area`. */
export function scopesAllow(
  scopes: readonly string[],
  area: ApiKeyArea | WriteOnlyApiArea,
  access: 'read' | 'write',
): boolean {
  const held = new Set(scopes);
  if (area === 'webhooks') return held.has('write');
  if (held.has('write') || held.has(`${area}:write`)) return true;
  return access === 'read' && (held.has('read') || held.has(`${area}:read`));
}

export const MAX_API_KEY_NAME_LENGTH = 100;

/** POST /api/api-keys. */
export const createApiKeyRequestSchema = z.strictObject({
  name: z
    .string({ error: 'Give the key a name' })
    .trim()
    .min(1, 'Give the key a name')
    .max(MAX_API_KEY_NAME_LENGTH, `A key's name can be at most ${MAX_API_KEY_NAME_LENGTH} characters`),
  scopes: z
    .array(apiKeyScopeSchema, { error: 'Choose what the key may do' })
    .min(1, 'Choose what the key may do')
    .max(API_KEY_SCOPES.length),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

/** A key as listed: never the key itself, which is shown once, when it is made. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters ("lr_Ab12Cd"), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  createdAt: z.string(),
  /** When a request last used it; null before its first use. Kept to the minute. */
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to POST /api/api-keys: the key, this once, beside how it will be listed. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
