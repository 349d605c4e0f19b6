import { and, eq, sql } from 'drizzle-orm';
import type { ReplyReader } from '../../adapters/ai/reply-reader/reply-reader';
import type { BounceAddresses } from '../../adapters/mail/bounce-address';
import { digestId, type InboundEnvelope } from '../../adapters/mail/inbound/classify-inbound';
import { createInboundThread } from '../../adapters/mail/inbound/classify-thread';
import { readEnvelopeHeaders } from '../../adapters/mail/inbound/envelope-headers';
import type { ReplyIntent } from '../../adapters/mail/inbound/reply-intent';
import type { Database } from '../../db/client';
import { campaignRecipients, type InboundKind, inboundMessages, leads } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { OperatorLog } from '../../lib/operator-log';
import type { CampaignBrakes } from '../campaigns/engine/brakes';
import { automaticStatusChange } from '../leads/lead-status';
import type { WebhookEmitter } from '../webhooks/webhook-emitter';
import { inboundEvents } from './inbound-events';
import { createInboundMatching, type MatchedMail, type ReadingAccount } from './inbound-match';
import { type InboundRecord, recordOf, unmatchedReportOf } from './inbound-record';
import { storableDetails, storableText } from './storable-text';

export type { ReadingAccount } from './inbound-match';

/** What became of one message: left alone (not about our mail), already taken in, or taken in as this kind. */
export type TakeOutcome = { outcome: 'ignored' } | { outcome: 'duplicate' } | { outcome: 'taken'; kind: InboundKind };

export type InboundService = ReturnType<typeof createInboundService>;

/**
 * Takes in the mail read from a connected mailbox: only what answers or reports on our own sends is stored, once
 * per mailbox and Message-ID, and what it means is applied in the same transaction (a permanent bounce bounces the
 * lead and fails its mail, a complaint or an unsubscribe in words unsubscribes the lead, a reply is a Response that
 * marks its mail answered). A report changes something only when it refers to a mail we sent; one that merely names
 * a lead is kept as a note (decision 0058). Each message is read on a thread of its own within a time budget; one
 * that runs out of it is kept unclassified, with its headers, and changes nothing (decision 0055).
 */
export function createInboundService(deps: {
  db: Database;
  clock: Clock;
  brakes: CampaignBrakes;
  bounceAddresses: BounceAddresses;
  replyReader?: ReplyReader;
  /** How long reading one message may take (the mail reading thread's budget). */
  classifyBudgetMs?: number;
  /** What a message taken in changes is told to the user's webhooks, in its transaction. */
  webhookEvents: WebhookEmitter;
  /** The app's address, for links to a reply in the Replies screen. */
  publicUrl: string;
  events?: OperatorLog;
}) {
  const { db, clock, brakes } = deps;
  const matching = createInboundMatching(db, deps.bounceAddresses);
  const thread = createInboundThread(deps.classifyBudgetMs);

  async function alreadyTaken(account: ReadingAccount, messageId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: inboundMessages.id })
      .from(inboundMessages)
      .where(and(eq(inboundMessages.accountId, account.id), eq(inboundMessages.messageId, messageId)));
    return row !== undefined;
  }

  /** The reply's intent: the AI provider's reading when there is one that answers, else the built-in rules'. */
  async function intentOf(envelope: InboundEnvelope, replyText: string, rules: ReplyIntent): Promise<ReplyIntent> {
    const read = await deps.replyReader?.read({ subject: envelope.subject, text: replyText }).catch(() => null);
    // An unsubscribe in words found by the rules stands whatever the provider says: it is the prospect's wish.
    return read ? { ...read, unsubscribe: read.unsubscribe || rules.unsubscribe } : rules;
  }

  /**
   * A message whose reading ran out of its time or memory (decision 0055): kept as unclassified with what its header
   * block says, on the lead's history when its thread ids or sender name one, and changing nothing; the reader's
   * cursor moves past it, so it is never read again.
   */
  async function takeUnread(
    account: ReadingAccount,
    source: Buffer,
    now: Date,
    truncated: boolean,
  ): Promise<TakeOutcome> {
    const headers = readEnvelopeHeaders(source);
    const messageId = storableText(headers.messageId ?? digestId(source.toString('latin1')));
    if (await alreadyTaken(account, messageId)) return { outcome: 'duplicate' };
    const mail =
      (await matching.byMessageIds(account, headers.threadIds)) ?? (await matching.byAddress(account, headers.from));
    const [inserted] = await db
      .insert(inboundMessages)
      .values({
        userId: account.userId,
        accountId: account.id,
        messageId,
        kind: 'unclassified',
        leadId: mail?.leadId ?? null,
        fromAddress: storableText(headers.from),
        subject: storableText(headers.subject),
        threadIds: headers.threadIds.map(storableText),
        receivedAt: headers.date && headers.date <= now ? headers.date : now,
        truncated,
      })
      .onConflictDoNothing({ target: [inboundMessages.accountId, inboundMessages.messageId] })
      .returning({ id: inboundMessages.id });
    return inserted ? { outcome: 'taken', kind: 'unclassified' } : { outcome: 'duplicate' };
  }

  return {
    /**
     * Takes in one message read from the account's mailbox (its raw source; `truncated` when that is the beginning
     * of a larger message).
     */
    async take(account: ReadingAccount, source: Buffer, options: { truncated?: boolean } = {}): Promise<TakeOutcome> {
      const now = clock.now();
      const truncated = options.truncated ?? false;
      const read = await thread.read(source, now);
      if (!read) return takeUnread(account, source, now, truncated);
      const { envelope, classification } = read;
      const matched = await matching.match(account, envelope, classification);
      if (!matched) return { outcome: 'ignored' };
      if (await alreadyTaken(account, storableText(envelope.messageId))) return { outcome: 'duplicate' };
      const intent =
        matched.refersToOurMail && classification.kind === 'message'
          ? await intentOf(envelope, classification.replyText, classification.intent)
          : null;
      // A report that only names the lead is about them, not about a mail of ours: no row, no effect.
      const mail: MatchedMail = matched.refersToOurMail ? matched.mail : { recipientId: null, leadId: matched.leadId };
      const leadEmail = await leadAddress(mail.leadId);
      const record: InboundRecord = matched.refersToOurMail
        ? recordOf(classification, intent, leadEmail)
        : unmatchedReportOf(classification, leadEmail);
      const taken = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(inboundMessages)
          .values({
            userId: account.userId,
            accountId: account.id,
            messageId: storableText(envelope.messageId),
            kind: record.kind,
            leadId: mail.leadId,
            recipientId: mail.recipientId,
            fromAddress: storableText(envelope.from),
            subject: storableText(envelope.subject),
            bodyText: storableText(envelope.text),
            replyText: classification.kind === 'message' ? storableText(classification.replyText) : '',
            threadIds: envelope.threadIds.slice(0, 50).map(storableText),
            receivedAt: envelope.date,
            priority: intent?.priority ?? null,
            priorityReason: intent?.reason ?? null,
            unsubscribeRequest: intent?.unsubscribe ?? false,
            followupRequired: record.kind === 'reply' && !intent?.unsubscribe,
            details: storableDetails(record.details),
            truncated,
          })
          .onConflictDoNothing({ target: [inboundMessages.accountId, inboundMessages.messageId] })
          .returning({ id: inboundMessages.id });
        // Another reader took it in meanwhile: its effects were applied with it.
        if (!inserted) return { outcome: 'duplicate' as const };
        let leadChanged = false;
        if (record.leadStatus) {
          // A bounce leaves an unsubscribed lead unsubscribed; a complaint or an unsubscribe in words always wins.
          const changed = await tx
            .update(leads)
            .set(automaticStatusChange(record.leadStatus, record.statusReason))
            .where(
              and(
                eq(leads.id, mail.leadId),
                record.leadStatus === 'bounced' ? eq(leads.status, 'active') : sql`${leads.status} <> 'unsubscribed'`,
              ),
            )
            .returning({ id: leads.id });
          leadChanged = changed.length > 0;
        }
        if (record.failMail && mail.recipientId !== null) {
          await tx
            .update(campaignRecipients)
            .set({ state: 'failed', lastError: record.failMail, bouncedAt: now })
            .where(
              and(eq(campaignRecipients.id, mail.recipientId), sql`${campaignRecipients.state} IN ('sent', 'unknown')`),
            );
        }
        if (record.kind === 'reply' && mail.recipientId !== null) {
          await tx
            .update(campaignRecipients)
            .set({ repliedAt: sql`coalesce(${campaignRecipients.repliedAt}, ${envelope.date})` })
            .where(eq(campaignRecipients.id, mail.recipientId));
        }
        await deps.webhookEvents.emit(
          tx,
          await inboundEvents(tx, {
            userId: account.userId,
            publicUrl: deps.publicUrl,
            record,
            classification,
            refersToOurMail: matched.refersToOurMail,
            mail,
            leadChanged,
            reply: {
              id: inserted.id,
              from: storableText(envelope.from),
              subject: storableText(envelope.subject),
              text: classification.kind === 'message' ? storableText(classification.replyText) : '',
              priority: intent?.priority ?? null,
              receivedAt: envelope.date,
            },
            at: now,
          }),
        );
        return { outcome: 'taken' as const, kind: record.kind };
      });
      // A hard bounce or a complaint counts toward its campaign's brakes, once taken in (committed).
      const reported = record.failMail ? 'bounce' : record.kind === 'complaint' ? 'complaint' : null;
      if (taken.outcome === 'taken' && reported) {
        deps.events?.({
          event: reported === 'bounce' ? 'mail.bounced' : 'mail.complained',
          userId: account.userId,
          leadId: mail.leadId,
          recipientId: mail.recipientId,
        });
      }
      if (taken.outcome === 'taken' && reported && mail.recipientId !== null) {
        await brakes.reportTaken(reported, mail.recipientId);
      }
      return taken;
    },

    /** Stops the mail reading thread. */
    close: () => thread.close(),
  };

  async function leadAddress(leadId: number): Promise<string> {
    const [lead] = await db.select({ email: leads.email }).from(leads).where(eq(leads.id, leadId));
    return lead?.email.toLowerCase() ?? '';
  }
}
