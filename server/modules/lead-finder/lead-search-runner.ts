import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { LeadQualifier } from '../../adapters/ai/lead-qualifier/lead-qualifier';
import { distanceKm } from '../../adapters/lead-sources/distance-km';
import type { EmailFinder } from '../../adapters/lead-sources/email-finder';
import {
  type FoundBusiness,
  type Geocoder,
  type LeadSource,
  LeadSourceError,
  type Place,
} from '../../adapters/lead-sources/lead-source';
import type { Database } from '../../db/client';
import { type LeadSearchRow, leadSearches, leadSearchResults, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { OperatorLog } from '../../lib/operator-log';
import { mergeBusinesses } from './merge-businesses';

/** Websites read at once (the politeness limit). */
const SITES_AT_ONCE = 4;

export type LeadSearchRunner = ReturnType<typeof createLeadSearchRunner>;

/**
 * Runs one search (the `lead-finder.search` job): geocodes the place, asks every source, saves the businesses
 * (once each), looks for an email on the websites of those without one, marks those already among the user's
 * leads and scores them all. Counters are written as it goes, so the screen shows the progress. A run starts
 * over: a retried job does not keep a crashed run's half.
 */
export function createLeadSearchRunner(deps: {
  db: Database;
  clock: Clock;
  geocoder: Geocoder;
  sources: LeadSource[];
  emailFinder: EmailFinder;
  qualifier: LeadQualifier;
  events?: OperatorLog;
}) {
  const { db, clock } = deps;

  async function fail(searchId: number, message: string) {
    await db
      .update(leadSearches)
      .set({ status: 'failed', errorMessage: message, finishedAt: clock.now() })
      .where(eq(leadSearches.id, searchId));
  }

  async function findBusinesses(search: LeadSearchRow, place: Place) {
    const area = { query: search.query, location: search.location, radiusKm: search.radiusKm };
    const answers = await Promise.allSettled(deps.sources.map((source) => source.find(area, place)));
    const found: FoundBusiness[] = [];
    const sourceErrors: { source: string; message: string }[] = [];
    answers.forEach((answer, index) => {
      if (answer.status === 'fulfilled') found.push(...answer.value);
      else if (answer.reason instanceof LeadSourceError) {
        const source = deps.sources[index].name;
        sourceErrors.push({ source, message: answer.reason.message });
        // The user reads the plain sentence; which service, URL or setting failed goes to the log only.
        deps.events?.({ event: 'lead_source.failed', searchId: search.id, source, reason: answer.reason.detail });
      } else throw answer.reason;
    });
    return { found, sourceErrors, allFailed: sourceErrors.length === deps.sources.length };
  }

  async function saveBusinesses(search: LeadSearchRow, place: Place, businesses: FoundBusiness[]) {
    if (businesses.length === 0) return;
    await db.insert(leadSearchResults).values(
      businesses.map((business) => ({
        searchId: search.id,
        userId: search.userId,
        source: business.source,
        sourceId: business.sourceId,
        name: business.name,
        category: business.category,
        address: business.address,
        phone: business.phone,
        website: business.website,
        email: business.email,
        emailSource: business.email ? business.source : null,
        latitude: business.latitude,
        longitude: business.longitude,
        distanceKm: distanceKm(place, business),
      })),
    );
  }

  /** Reads the websites of the results without an email, a few at once, counting each site as it is done. */
  async function discoverEmails(searchId: number) {
    const pending = await db
      .select({ id: leadSearchResults.id, website: leadSearchResults.website })
      .from(leadSearchResults)
      .where(
        and(
          eq(leadSearchResults.searchId, searchId),
          isNull(leadSearchResults.email),
          isNotNull(leadSearchResults.website),
        ),
      );
    await db.update(leadSearches).set({ websitesTotal: pending.length }).where(eq(leadSearches.id, searchId));
    const queue = pending.flatMap(({ id, website }) => (website ? [{ id, website }] : []));
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const found = await deps.emailFinder.find(next.website).catch(() => null);
        if (found) {
          await db
            .update(leadSearchResults)
            .set({ email: found.email, emailSource: found.source, emailVerified: found.verified })
            .where(eq(leadSearchResults.id, next.id));
        }
        await db
          .update(leadSearches)
          .set({
            websitesChecked: sql`${leadSearches.websitesChecked} + 1`,
            ...(found && { emailsFound: sql`${leadSearches.emailsFound} + 1` }),
          })
          .where(eq(leadSearches.id, searchId));
      }
    };
    await Promise.all(Array.from({ length: Math.min(SITES_AT_ONCE, queue.length) }, worker));
  }

  /**
   * Same email among the user's leads (their email index), or a lead of the same company name at the same address
   * (an import's): the second is one join over the user's leads, not a look through them per result.
   */
  async function markAlreadyLeads(search: LeadSearchRow) {
    await db.execute(sql`
      UPDATE lead_search_results r SET already_lead = true
      WHERE r.search_id = ${search.id} AND (
        EXISTS (SELECT 1 FROM leads l WHERE l.user_id = ${search.userId} AND lower(l.email) = lower(r.email))
        OR r.id IN (
          SELECT same.id FROM lead_search_results same
          JOIN leads l ON l.user_id = ${search.userId} AND lower(l.company) = lower(same.name)
            AND lower(l.custom_fields->>'address') = lower(same.address)
          WHERE same.search_id = ${search.id}
        )
      )`);
  }

  async function score(search: LeadSearchRow) {
    const [user] = await db.select().from(users).where(eq(users.id, search.userId));
    const results = await db.select().from(leadSearchResults).where(eq(leadSearchResults.searchId, search.id));
    const qualified = await deps.qualifier.qualify(
      { industry: user.industry, service: user.service, preferredLocalClients: user.preferredLocalClients },
      { query: search.query, radiusKm: search.radiusKm },
      results,
    );
    for (const [index, result] of results.entries()) {
      const { score, reason } = qualified[index];
      await db
        .update(leadSearchResults)
        .set({ score: Math.max(0, Math.min(100, score)), reason })
        .where(eq(leadSearchResults.id, result.id));
    }
  }

  return {
    async run(searchId: number): Promise<{ status: string; businesses: number }> {
      const [search] = await db
        .update(leadSearches)
        .set({
          status: 'running',
          errorMessage: null,
          sourceErrors: [],
          businessesFound: 0,
          websitesTotal: 0,
          websitesChecked: 0,
          emailsFound: 0,
          finishedAt: null,
        })
        .where(and(eq(leadSearches.id, searchId), inArray(leadSearches.status, ['queued', 'running'])))
        .returning();
      if (!search) return { status: 'gone', businesses: 0 };
      await db.delete(leadSearchResults).where(eq(leadSearchResults.searchId, searchId));
      try {
        const place = await deps.geocoder.geocode(search.location);
        if (!place) {
          await fail(searchId, `We could not find ${search.location}`);
          return { status: 'failed', businesses: 0 };
        }
        const { found, sourceErrors, allFailed } = await findBusinesses(search, place);
        if (allFailed) {
          await db.update(leadSearches).set({ sourceErrors }).where(eq(leadSearches.id, searchId));
          await fail(searchId, sourceErrors.map((error) => error.message).join(' '));
          return { status: 'failed', businesses: 0 };
        }
        const businesses = mergeBusinesses(found);
        await saveBusinesses(search, place, businesses);
        await db
          .update(leadSearches)
          .set({
            sourceErrors,
            centerLatitude: place.latitude,
            centerLongitude: place.longitude,
            businessesFound: businesses.length,
            emailsFound: businesses.filter((business) => business.email).length,
          })
          .where(eq(leadSearches.id, searchId));
        await discoverEmails(searchId);
        await markAlreadyLeads(search);
        await score(search);
        await db
          .update(leadSearches)
          .set({ status: 'completed', finishedAt: clock.now() })
          .where(eq(leadSearches.id, searchId));
        return { status: 'completed', businesses: businesses.length };
      } catch (error) {
        if (error instanceof LeadSourceError) {
          deps.events?.({ event: 'lead_source.failed', searchId, source: 'geocoder', reason: error.detail });
          await fail(searchId, error.message);
          return { status: 'failed', businesses: 0 };
        }
        await fail(searchId, 'The search could not be finished. Please try again.');
        throw error;
      }
    },
  };
}
