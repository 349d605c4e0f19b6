import { createHash } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { leadSourceCache } from '../../db/schema/lead-finder';
import type { Clock } from '../../lib/clock';

/** How long a public source's answer is reused: a day, as OpenStreetMap's services ask. */
export const SOURCE_CACHE_MS = 24 * 60 * 60 * 1000;

/** Answers of the public sources by request, kept for a day in `lead_source_cache` and shared by all users. */
export class SourceCache {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** The key for a service's request: the service and a hash of the request (Overpass queries are long). */
  static key(service: string, request: string) {
    return `${service}:${createHash('sha256').update(request).digest('hex')}`;
  }

  async get(key: string): Promise<unknown> {
    const freshSince = new Date(this.clock.now().getTime() - SOURCE_CACHE_MS);
    const [row] = await this.db
      .select({ body: leadSourceCache.body })
      .from(leadSourceCache)
      .where(and(eq(leadSourceCache.key, key), gt(leadSourceCache.fetchedAt, freshSince)));
    return row?.body;
  }

  async set(key: string, body: unknown) {
    const fetchedAt = this.clock.now();
    await this.db
      .insert(leadSourceCache)
      .values({ key, body, fetchedAt })
      .onConflictDoUpdate({ target: leadSourceCache.key, set: { body, fetchedAt } });
  }
}
