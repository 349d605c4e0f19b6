import { and, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  type FollowupCount,
  type ProspectResponse,
  RESPONSE_MESSAGES,
  type ResponseDetails,
  type responsesQuerySchema,
  type SuggestedReply,
  type UpdateResponseRequest,
} from '../../../contract/responses';
import type { ReplySuggester } from '../../adapters/ai/reply-suggester/reply-suggester';
import type { WritingStyle } from '../../adapters/ai/writer/email-writer';
import type { Database } from '../../db/client';
import { campaignRecipients, emailAccounts, inboundMessages, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { resourceId } from '../../lib/resource-id';
import type { SendAllowance } from '../sending/send-allowance';
import { lastErrorOf, outcomeOfFailedSend } from '../sending/send-outcome';
import type { TransportRegistry } from '../sending/transport-registry';
import type { MessageIds } from '../shared/message-id';
import { replySubject } from '../shared/reply-subject';
import { composeReplyMail } from './reply-mail';
import { displayText, type ResponseRow, selectResponses, toResponse } from './response-rows';
import { readThread } from './response-thread';

const NOT_FOUND = 'Response not found';
export const ACCOUNT_GONE =
  'The mailbox this reply came to is no longer connected, so the answer cannot go out in the same thread. Connect it again on the Email Accounts page.';

/** A reply that still waits for the user: the follow-ups panel, its count, the Inbox's "pending". */
const pending = and(eq(inboundMessages.followupRequired, true), eq(inboundMessages.followupCompleted, false));

export type ResponsesService = ReturnType<typeof createResponsesService>;

/**
 * Prospects' replies (inbound messages of kind `reply`, taken in by the inbound service): listing them, their
 * threads, answering them from the mailbox they came to, and the follow-up, priority and meeting state.
 */
export function createResponsesService(deps: {
  db: Database;
  clock: Clock;
  allowance: SendAllowance;
  transports: TransportRegistry;
  suggester: ReplySuggester;
  /** The tone and notes of the user's marketing strategy, for suggested answers. */
  writingStyle: (user: UserRow) => Promise<WritingStyle>;
  /** A reply still `sending` this long after it was claimed belongs to a process that stopped mid-send. */
  staleSendingMs: number;
  messageIds: MessageIds;
}) {
  const { db, clock, allowance, transports, suggester } = deps;
  const ownReplies = (user: UserRow) => and(eq(inboundMessages.userId, user.id), eq(inboundMessages.kind, 'reply'));

  async function ownedRow(user: UserRow, rawId: string): Promise<ResponseRow> {
    const id = resourceId(rawId, NOT_FOUND);
    const [row] = await selectResponses(db).where(and(ownReplies(user), eq(inboundMessages.id, id)));
    if (!row) throw AppError.notFound(NOT_FOUND);
    return row;
  }

  /** Sets fields of the user's reply; 404 when it is not theirs. */
  async function setFields(user: UserRow, rawId: string, changes: PgUpdateSetSource<typeof inboundMessages>) {
    const id = resourceId(rawId, NOT_FOUND);
    const [updated] = await db
      .update(inboundMessages)
      .set(changes)
      .where(and(ownReplies(user), eq(inboundMessages.id, id)))
      .returning({ id: inboundMessages.id });
    if (!updated) throw AppError.notFound(NOT_FOUND);
  }

  const completion = () => ({
    followupCompleted: true,
    followupCompletedAt: sql`coalesce(${inboundMessages.followupCompletedAt}, ${clock.now().toISOString()}::timestamptz)`,
  });

  return {
    /** GET /api/responses: the user's replies, newest first, filtered and paged. */
    async list(user: UserRow, query: z.output<typeof responsesQuerySchema>): Promise<ProspectResponse[]> {
      const filters: (SQL | undefined)[] = [ownReplies(user)];
      if (query.followupRequired === true || query.status === 'pending') filters.push(pending);
      if (query.followupRequired === false) filters.push(eq(inboundMessages.followupRequired, false));
      if (query.status === 'completed') filters.push(eq(inboundMessages.followupCompleted, true));
      if (query.priority) filters.push(eq(inboundMessages.priority, query.priority));
      if (query.since) filters.push(gt(inboundMessages.receivedAt, new Date(query.since)));
      const rows = await selectResponses(db)
        .where(and(...filters))
        .orderBy(desc(inboundMessages.receivedAt), desc(inboundMessages.id))
        .limit(query.limit)
        .offset(query.offset);
      return rows.map(toResponse);
    },

    /** GET /api/followups/count: replies still waiting for a follow-up. */
    async followupCount(user: UserRow): Promise<FollowupCount> {
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(inboundMessages)
        .where(and(ownReplies(user), pending));
      return { count };
    },

    /** GET /api/responses/{id}/details: the reply and its thread. */
    async details(user: UserRow, rawId: string): Promise<ResponseDetails> {
      const row = await ownedRow(user, rawId);
      return { ...toResponse(row), thread: await readThread(db, user, row) };
    },

    /**
     * POST /api/responses/{id}/reply: the answer goes out through the mailbox the reply came to, in its thread,
     * counted against that mailbox's daily limit. Its row is committed `sending` before the send and settled after,
     * as every mail is, so a crash never sends it twice; once it is sent, the follow-up is complete.
     */
    async reply(user: UserRow, rawId: string, body: string) {
      const { response } = await ownedRow(user, rawId);
      const [account] = response.accountId
        ? await db
            .select()
            .from(emailAccounts)
            .where(and(eq(emailAccounts.id, response.accountId), eq(emailAccounts.userId, user.id)))
        : [];
      if (!account) throw AppError.badRequest(ACCOUNT_GONE);
      const reservation = await allowance.reserve(user, account);
      const prospectText = displayText(response);
      const mail = await db
        .transaction(async (tx) => {
          const [row] = await tx
            .insert(campaignRecipients)
            .values({
              kind: 'reply',
              userId: user.id,
              leadId: response.leadId,
              accountId: account.id,
              toAddress: response.fromAddress,
              subject: replySubject(response.subject),
              bodyText: body.trim(),
              inboundId: response.id,
              state: 'sending',
              attempts: 1,
              claimedAt: clock.now(),
            })
            .returning({ id: campaignRecipients.id });
          const composed = composeReplyMail({
            messageId: deps.messageIds.reply(row.id, account.email),
            account,
            prospect: response,
            prospectText,
            body,
            timeZone: user.timezone,
          });
          await tx
            .update(campaignRecipients)
            .set({ messageId: composed.messageId })
            .where(eq(campaignRecipients.id, row.id));
          return { rowId: row.id, composed };
        })
        .catch(async (error) => {
          await allowance.release(reservation);
          throw error;
        });
      const settle = (changes: PgUpdateSetSource<typeof campaignRecipients>) =>
        db
          .update(campaignRecipients)
          .set(changes)
          .where(and(eq(campaignRecipients.id, mail.rowId), eq(campaignRecipients.state, 'sending')));
      try {
        await transports.send(account, mail.composed);
      } catch (error) {
        const outcome = outcomeOfFailedSend(error);
        await settle({ state: outcome, lastError: lastErrorOf(error) });
        if (outcome === 'failed') await allowance.release(reservation);
        throw error;
      }
      await db.transaction(async (tx) => {
        await tx
          .update(campaignRecipients)
          .set({ state: 'sent', sentAt: clock.now() })
          .where(eq(campaignRecipients.id, mail.rowId));
        await tx.update(inboundMessages).set(completion()).where(eq(inboundMessages.id, response.id));
      });
      return { message: RESPONSE_MESSAGES.replySent };
    },

    /** POST /api/responses/{id}/complete-followup. */
    async completeFollowup(user: UserRow, rawId: string) {
      await setFields(user, rawId, completion());
      return { message: RESPONSE_MESSAGES.completed };
    },

    /** PATCH /api/responses/{id}: a priority set by hand, a meeting booked (kept from its first moment) or not. */
    async update(user: UserRow, rawId: string, request: UpdateResponseRequest): Promise<ProspectResponse> {
      const changes: PgUpdateSetSource<typeof inboundMessages> = {};
      if (request.priority) {
        changes.priority = request.priority;
        changes.priorityReason = 'Set by hand';
      }
      if (request.meetingBooked !== undefined) {
        changes.meetingBookedAt = request.meetingBooked
          ? sql`coalesce(${inboundMessages.meetingBookedAt}, ${clock.now().toISOString()}::timestamptz)`
          : null;
      }
      if (Object.keys(changes).length > 0) await setFields(user, rawId, changes);
      return toResponse(await ownedRow(user, rawId));
    },

    /** POST /api/responses/{id}/suggest-reply: a reply draft in the strategy's tone and notes; never sent. */
    async suggestReply(user: UserRow, rawId: string): Promise<SuggestedReply> {
      const row = await ownedRow(user, rawId);
      const { response, lead } = row;
      const body = await suggester.suggest({
        priority: response.priority ?? 'medium',
        subject: response.subject,
        prospectText: displayText(response),
        prospect: { firstName: lead?.firstName ?? null, company: lead?.company ?? null },
        thread: await readThread(db, user, row),
        profile: user,
        ...(await deps.writingStyle(user)),
        now: clock.now(),
        timeZone: user.timezone,
      });
      return { body: body.trim(), offline: suggester.source === 'offline' };
    },

    /**
     * Replies a stopped process left `sending`: they may or may not have gone, so they become `unknown` (never
     * sent again by themselves) and the follow-up stays open for the user to see. Answers how many.
     */
    async settleInterrupted(): Promise<number> {
      const staleBefore = new Date(clock.now().getTime() - deps.staleSendingMs);
      const settled = await db
        .update(campaignRecipients)
        .set({
          state: 'unknown',
          lastError: 'The app stopped while this reply was being sent: it may or may not have gone.',
        })
        .where(
          and(
            eq(campaignRecipients.state, 'sending'),
            eq(campaignRecipients.kind, 'reply'),
            sql`${campaignRecipients.claimedAt} < ${staleBefore.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: campaignRecipients.id });
      return settled.length;
    },
  };
}
