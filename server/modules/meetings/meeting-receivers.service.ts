import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { CreateMeetingReceiverRequest, MeetingReceiver } from '../../../contract/meeting-receivers';
import type { Database } from '../../db/client';
import {
  type LeadRow,
  leads,
  type MeetingReceiverRow,
  meetingReceivers,
  meetings,
  type UserRow,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import { webhookLead } from '../webhooks/webhook-data';
import type { WebhookEmitter } from '../webhooks/webhook-emitter';
import { type MeetingChange, meetingChangeOf, signatureProblem } from './provider-deliveries';

/** The largest delivery read: a booking with many attendees and answers is a few kilobytes. */
export const MEETING_HOOK_BODY_LIMIT = 256 * 1024;
const MAX_RECEIVERS_PER_USER = 20;
const NOT_FOUND = 'Meeting receiver not found';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export type MeetingReceiversService = ReturnType<typeof createMeetingReceiversService>;

/**
 * A user's meeting receivers (Settings → Meetings), and what their deliveries do: a verified booking by one of the
 * user's leads records the meeting once per booking and tells the user's webhooks (`meeting.booked`) in the same
 * transaction; a cancellation marks it cancelled. Recorded meetings count in the figures (shared/meetings.ts) and
 * end the lead's sequence (sequence-advance.ts).
 */
export function createMeetingReceiversService(deps: {
  db: Database;
  clock: Clock;
  secrets: SecretBox;
  publicUrl: string;
  webhookEvents: WebhookEmitter;
}) {
  const { db, clock, secrets } = deps;
  const urlOf = (token: string) => `${deps.publicUrl}/api/meeting-receivers/${token}/hook`;
  const toReceiver = (row: MeetingReceiverRow): MeetingReceiver => ({
    id: row.id,
    provider: row.provider,
    url: urlOf(row.token),
    secret: secrets.open<string>(row.secretEncrypted),
    createdAt: row.createdAt.toISOString(),
  });

  /** The first of the addresses that is one of the user's leads (emails match case-insensitively). */
  async function leadOf(userId: string, emails: string[]): Promise<LeadRow | null> {
    const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))].slice(0, 50);
    if (wanted.length === 0) return null;
    const found = await db
      .select()
      .from(leads)
      .where(and(eq(leads.userId, userId), sql`lower(${leads.email}) = ANY(${sql.param(wanted)}::text[])`));
    return wanted.map((email) => found.find((lead) => lead.email.toLowerCase() === email)).find(Boolean) ?? null;
  }

  async function book(receiver: MeetingReceiverRow, change: Extract<MeetingChange, { kind: 'booked' }>) {
    const lead = await leadOf(receiver.userId, change.emails);
    // Someone who is not a lead booked: accepted (the provider must not retry), nothing recorded.
    if (!lead) return false;
    const now = clock.now();
    const bookedAt = change.bookedAt && change.bookedAt <= now ? change.bookedAt : now;
    return db.transaction(async (tx) => {
      const [meeting] = await tx
        .insert(meetings)
        .values({
          userId: receiver.userId,
          leadId: lead.id,
          provider: receiver.provider,
          externalId: change.externalId,
          startsAt: change.startsAt,
          endsAt: change.endsAt,
          bookedAt,
        })
        // The provider retries and repeats deliveries: a booking is recorded once.
        .onConflictDoNothing({ target: [meetings.userId, meetings.provider, meetings.externalId] })
        .returning();
      if (!meeting) return false;
      if (change.replaces) {
        await tx
          .update(meetings)
          .set({ canceledAt: now })
          .where(
            and(
              eq(meetings.userId, receiver.userId),
              eq(meetings.provider, receiver.provider),
              eq(meetings.externalId, change.replaces),
              isNull(meetings.canceledAt),
            ),
          );
      }
      await deps.webhookEvents.emit(tx, {
        userId: receiver.userId,
        type: 'meeting.booked',
        leadId: lead.id,
        at: bookedAt,
        data: {
          lead: webhookLead(lead),
          meeting: {
            source: receiver.provider,
            startsAt: meeting.startsAt?.toISOString() ?? null,
            endsAt: meeting.endsAt?.toISOString() ?? null,
            bookedAt: bookedAt.toISOString(),
          },
        },
      });
      return true;
    });
  }

  async function cancel(receiver: MeetingReceiverRow, externalId: string) {
    const canceled = await db
      .update(meetings)
      .set({ canceledAt: clock.now() })
      .where(
        and(
          eq(meetings.userId, receiver.userId),
          eq(meetings.provider, receiver.provider),
          eq(meetings.externalId, externalId),
          isNull(meetings.canceledAt),
        ),
      )
      .returning({ id: meetings.id });
    return canceled.length > 0;
  }

  return {
    async list(user: UserRow): Promise<MeetingReceiver[]> {
      const rows = await db
        .select()
        .from(meetingReceivers)
        .where(eq(meetingReceivers.userId, user.id))
        .orderBy(desc(meetingReceivers.id));
      return rows.map(toReceiver);
    },

    async create(user: UserRow, request: CreateMeetingReceiverRequest): Promise<MeetingReceiver> {
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(meetingReceivers)
        .where(eq(meetingReceivers.userId, user.id));
      if (count >= MAX_RECEIVERS_PER_USER) {
        throw AppError.badRequest(
          `You can have at most ${MAX_RECEIVERS_PER_USER} meeting receivers. Remove one you no longer use first.`,
        );
      }
      const secret = request.secret ?? randomBytes(24).toString('hex');
      const [row] = await db
        .insert(meetingReceivers)
        .values({
          userId: user.id,
          provider: request.provider,
          token: randomBytes(24).toString('base64url'),
          secretEncrypted: secrets.seal(secret),
          createdAt: clock.now(),
        })
        .returning();
      return toReceiver(row);
    },

    /** Removes the receiver: deliveries to its URL are refused from now on; the meetings it recorded stay. */
    async remove(user: UserRow, id: number): Promise<void> {
      const removed = await db
        .delete(meetingReceivers)
        .where(and(eq(meetingReceivers.id, id), eq(meetingReceivers.userId, user.id)))
        .returning({ id: meetingReceivers.id });
      if (removed.length === 0) throw AppError.notFound(NOT_FOUND);
    },

    /**
     * A provider's delivery to the receiver at `token`, checked against its secret before its body is read as JSON.
     * Answers whether it changed a meeting.
     */
    async receive(
      token: string,
      headers: Record<string, string | string[] | undefined>,
      body: Buffer,
    ): Promise<{ applied: boolean }> {
      const [receiver] = TOKEN_PATTERN.test(token)
        ? await db.select().from(meetingReceivers).where(eq(meetingReceivers.token, token))
        : [];
      if (!receiver) throw AppError.notFound('There is no meeting receiver at this address.');
      const problem = signatureProblem(
        receiver.provider,
        headers,
        body,
        secrets.open<string>(receiver.secretEncrypted),
        clock.now(),
      );
      if (problem) throw AppError.unauthorized(problem);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        throw AppError.badRequest('The delivery is not JSON.');
      }
      const change = meetingChangeOf(receiver.provider, parsed);
      if (!change) throw AppError.badRequest('The delivery is not a booking this receiver can read.');
      if (change.kind === 'booked') return { applied: await book(receiver, change) };
      if (change.kind === 'canceled') return { applied: await cancel(receiver, change.externalId) };
      return { applied: false };
    },
  };
}
