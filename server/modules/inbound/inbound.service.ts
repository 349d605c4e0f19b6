import { and, eq, sql } from 'drizzle-orm';
import type { ReplyReader } from '../../ai/reply-reader';
import type { Database } from '../../db/client';
import { campaignRecipients, type InboundDetails, type InboundKind, inboundMessages, leads } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import {
  type BouncedRecipient,
  type InboundClassification,
  type InboundEnvelope,
  readInbound,
} from '../../mail/inbound/classify-inbound';
import type { ReplyIntent } from '../../mail/inbound/reply-intent';
import type { CampaignBrakes } from '../campaigns/campaign-brakes';
import { ownMessageRowId } from '../campaigns/message-id';
import { automaticStatusChange } from '../leads/lead-status';

/** The mailbox a message was read from. */
export type ReadingAccount = { id: number; userId: string; email: string };

/** What became of one message: left alone (not about our mail), already taken in, or taken in as this kind. */
export type TakeOutcome = { outcome: 'ignored' } | { outcome: 'duplicate' } | { outcome: 'taken'; kind: InboundKind };

/** Our mail a message concerns: its row and the lead it went to. */
type MatchedMail = { recipientId: number | null; leadId: number };

export type InboundService = ReturnType<typeof createInboundService>;

/**
 * Takes in the mail read from a connected mailbox: only what answers or reports on our own sends is stored, once
 * per mailbox and Message-ID, and what it means is applied in the same transaction (a permanent bounce bounces the
 * lead and fails its mail, a complaint or an unsubscribe in words unsubscribes the lead, a reply is a Response that
 * marks its mail answered).
 */
export function createInboundService(deps: {
  db: Database;
  clock: Clock;
  brakes: CampaignBrakes;
  replyReader?: ReplyReader;
}) {
  const { db, clock, brakes } = deps;

  /** Our rows named by the message's thread ids (our Message-IDs carry their row id); In-Reply-To first. */
  async function matchByMessageIds(account: ReadingAccount, ids: string[]): Promise<MatchedMail | null> {
    const named = ids.flatMap((id) => {
      const rowId = ownMessageRowId(id);
      return rowId === null ? [] : [{ id, rowId }];
    });
    if (named.length === 0) return null;
    const rows = await db
      .select({ id: campaignRecipients.id, leadId: campaignRecipients.leadId, messageId: campaignRecipients.messageId })
      .from(campaignRecipients)
      .where(
        and(
          eq(campaignRecipients.userId, account.userId),
          sql`${campaignRecipients.id} = ANY(${sql.param(named.map((entry) => entry.rowId))}::bigint[])`,
        ),
      );
    for (const { id, rowId } of named) {
      const row = rows.find((candidate) => candidate.id === rowId);
      if (row?.leadId && row.messageId?.toLowerCase() === id.toLowerCase()) {
        return { recipientId: row.id, leadId: row.leadId };
      }
    }
    return null;
  }

  /** The user's lead with this address, when this mailbox sent them mail; the latest such mail. */
  async function matchByAddress(account: ReadingAccount, address: string | null): Promise<MatchedMail | null> {
    if (!address) return null;
    const [row] = await db
      .select({ recipientId: campaignRecipients.id, leadId: leads.id })
      .from(leads)
      .innerJoin(campaignRecipients, eq(campaignRecipients.leadId, leads.id))
      .where(
        and(
          eq(leads.userId, account.userId),
          sql`lower(${leads.email}) = ${address.toLowerCase()}`,
          eq(campaignRecipients.accountId, account.id),
          sql`${campaignRecipients.state} IN ('sent', 'unknown')`,
        ),
      )
      .orderBy(sql`${campaignRecipients.sentAt} DESC NULLS LAST`, sql`${campaignRecipients.id} DESC`)
      .limit(1);
    return row ?? null;
  }

  async function match(
    account: ReadingAccount,
    envelope: InboundEnvelope,
    classification: InboundClassification,
  ): Promise<MatchedMail | null> {
    switch (classification.kind) {
      case 'bounce':
        return (
          (await matchByMessageIds(account, [classification.originalMessageId ?? '', ...envelope.threadIds])) ??
          (await firstMatch(
            account,
            classification.recipients.map((recipient) => recipient.address),
          ))
        );
      case 'complaint':
        return (
          (await matchByMessageIds(account, [classification.originalMessageId ?? '', ...envelope.threadIds])) ??
          (await matchByAddress(account, classification.recipient))
        );
      default:
        return (await matchByMessageIds(account, envelope.threadIds)) ?? (await matchByAddress(account, envelope.from));
    }
  }

  async function firstMatch(account: ReadingAccount, addresses: string[]): Promise<MatchedMail | null> {
    for (const address of addresses) {
      const found = await matchByAddress(account, address);
      if (found) return found;
    }
    return null;
  }

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

  return {
    /** Takes in one message read from the account's mailbox (its raw source). */
    async take(account: ReadingAccount, source: Buffer): Promise<TakeOutcome> {
      const now = clock.now();
      const { envelope, classification } = await readInbound(source, now);
      const matched = await match(account, envelope, classification);
      if (!matched) return { outcome: 'ignored' };
      if (await alreadyTaken(account, envelope.messageId)) return { outcome: 'duplicate' };
      const intent =
        classification.kind === 'message'
          ? await intentOf(envelope, classification.replyText, classification.intent)
          : null;
      const leadEmail = await leadAddress(matched.leadId);
      const record = recordOf(classification, intent, leadEmail);
      const taken = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(inboundMessages)
          .values({
            userId: account.userId,
            accountId: account.id,
            messageId: envelope.messageId,
            kind: record.kind,
            leadId: matched.leadId,
            recipientId: matched.recipientId,
            fromAddress: envelope.from,
            subject: envelope.subject,
            bodyText: envelope.text,
            replyText: classification.kind === 'message' ? classification.replyText : '',
            threadIds: envelope.threadIds.slice(0, 50),
            receivedAt: envelope.date,
            priority: intent?.priority ?? null,
            priorityReason: intent?.reason ?? null,
            unsubscribeRequest: intent?.unsubscribe ?? false,
            followupRequired: record.kind === 'reply' && !intent?.unsubscribe,
            details: record.details,
          })
          .onConflictDoNothing({ target: [inboundMessages.accountId, inboundMessages.messageId] })
          .returning({ id: inboundMessages.id });
        // Another reader took it in meanwhile: its effects were applied with it.
        if (!inserted) return { outcome: 'duplicate' as const };
        if (record.leadStatus) {
          // A bounce leaves an unsubscribed lead unsubscribed; a complaint or an unsubscribe in words always wins.
          await tx
            .update(leads)
            .set(automaticStatusChange(record.leadStatus, record.statusReason))
            .where(
              and(
                eq(leads.id, matched.leadId),
                record.leadStatus === 'bounced' ? eq(leads.status, 'active') : sql`${leads.status} <> 'unsubscribed'`,
              ),
            );
        }
        if (record.failMail && matched.recipientId !== null) {
          await tx
            .update(campaignRecipients)
            .set({ state: 'failed', lastError: record.failMail, bouncedAt: now })
            .where(
              and(
                eq(campaignRecipients.id, matched.recipientId),
                sql`${campaignRecipients.state} IN ('sent', 'unknown')`,
              ),
            );
        }
        if (record.kind === 'reply' && matched.recipientId !== null) {
          await tx
            .update(campaignRecipients)
            .set({ repliedAt: sql`coalesce(${campaignRecipients.repliedAt}, ${envelope.date})` })
            .where(eq(campaignRecipients.id, matched.recipientId));
        }
        return { outcome: 'taken' as const, kind: record.kind };
      });
      // A hard bounce or a complaint counts toward its campaign's brakes, once taken in (committed).
      const reported = record.failMail ? 'bounce' : record.kind === 'complaint' ? 'complaint' : null;
      if (taken.outcome === 'taken' && reported && matched.recipientId !== null) {
        await brakes.reportTaken(reported, matched.recipientId);
      }
      return taken;
    },
  };

  async function leadAddress(leadId: number): Promise<string> {
    const [lead] = await db.select({ email: leads.email }).from(leads).where(eq(leads.id, leadId));
    return lead?.email.toLowerCase() ?? '';
  }
}

/** How a classified message is stored and what it changes. */
type InboundRecord = {
  kind: InboundKind;
  details: InboundDetails;
  /** The failed mail's error, for a permanent bounce. */
  failMail?: string;
} & (
  | { leadStatus?: undefined }
  | {
      leadStatus: 'bounced' | 'unsubscribed';
      /** Why, in a sentence, as the lead's details show it. */
      statusReason: string;
    }
);

function recordOf(classification: InboundClassification, intent: ReplyIntent | null, leadEmail: string): InboundRecord {
  switch (classification.kind) {
    case 'bounce': {
      const recipient = reportedRecipient(classification.recipients, leadEmail);
      const details = {
        permanent: classification.permanent,
        delayed: classification.delayed,
        status: recipient?.status ?? null,
        diagnostic: recipient?.diagnostic ?? null,
      };
      if (!classification.permanent) return { kind: 'bounce', details };
      const said = [recipient?.status, recipient?.diagnostic].filter(Boolean).join(' ');
      return {
        kind: 'bounce',
        details,
        leadStatus: 'bounced',
        statusReason: `The email bounced: ${said || 'a permanent failure'}`,
        failMail: `Bounced: ${said || 'the receiving server reported a permanent failure'}`,
      };
    }
    case 'complaint':
      return {
        kind: 'complaint',
        details: { feedbackType: classification.feedbackType },
        leadStatus: 'unsubscribed',
        statusReason: 'Marked an email as spam',
      };
    case 'auto_reply':
      return { kind: 'auto_reply', details: { returnDate: classification.returnDate } };
    case 'message':
      return intent?.unsubscribe
        ? { kind: 'reply', details: {}, leadStatus: 'unsubscribed', statusReason: 'Asked to unsubscribe in a reply' }
        : { kind: 'reply', details: {} };
  }
}

/** The report's entry for the lead, else its first. */
function reportedRecipient(recipients: BouncedRecipient[], leadEmail: string): BouncedRecipient | undefined {
  return recipients.find((recipient) => recipient.address.toLowerCase() === leadEmail) ?? recipients[0];
}
