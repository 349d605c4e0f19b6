import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type EmailHistoryItem,
  LEAD_HISTORY_LIMIT,
  LEAD_HISTORY_TEXT_CHARS,
  type LeadDetail,
} from '../../../contract/leads';
import type { Database } from '../../db/client';
import { campaignRecipients, inboundMessages } from '../../db/schema';

type LeadRef = { id: number; userId: string };

/** Our mails the history shows: those that went out, or were tried and failed, or may have gone. */
const SHOWN_STATES = ['sent', 'failed', 'unknown'] as const;

// A failed or unknown mail has no send time: it shows at its last attempt.
const outgoingAt = sql`coalesce(${campaignRecipients.sentAt}, ${campaignRecipients.claimedAt})`;

// Written out: drizzle leaves columns unqualified in a one-table select, and "id" would mean tracking_events'.
const humanHits = (kind: 'open' | 'click') =>
  sql<number>`(SELECT count(*)::int FROM tracking_events e
                WHERE e.recipient_id = campaign_recipients.id AND e.kind = ${kind} AND NOT e.machine)`;

const shortText = (column: typeof campaignRecipients.bodyText | typeof inboundMessages.replyText) =>
  sql<string | null>`nullif(left(${column}, ${LEAD_HISTORY_TEXT_CHARS}), '')`;

/** Our newest mails to the lead, with their human opens and clicks (counted for these rows only, after the limit). */
async function outgoingItems(db: Database, lead: LeadRef): Promise<EmailHistoryItem[]> {
  const rows = await db
    .select({
      id: campaignRecipients.id,
      kind: campaignRecipients.kind,
      state: campaignRecipients.state,
      subject: campaignRecipients.subject,
      sentAt: campaignRecipients.sentAt,
      claimedAt: campaignRecipients.claimedAt,
      error: campaignRecipients.lastError,
      text: shortText(campaignRecipients.bodyText),
      opened: humanHits('open'),
      clicked: humanHits('click'),
    })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.leadId, lead.id),
        eq(campaignRecipients.userId, lead.userId),
        inArray(campaignRecipients.state, [...SHOWN_STATES]),
        sql`${outgoingAt} IS NOT NULL`,
      ),
    )
    .orderBy(sql`${outgoingAt} DESC`, desc(campaignRecipients.id))
    .limit(LEAD_HISTORY_LIMIT);
  return rows.map((row) => {
    // The WHERE keeps only rows with one of the two times.
    const at = (row.sentAt ?? (row.claimedAt as Date)).toISOString();
    return {
      kind: row.kind === 'reply' ? 'our_reply' : 'sent',
      subject: row.subject ?? '',
      sentAt: at,
      at,
      state: row.state as (typeof SHOWN_STATES)[number],
      error: row.state === 'sent' ? null : row.error,
      opened: row.opened,
      clicked: row.clicked,
      text: row.text,
    };
  });
}

/** The newest messages from the lead's side (read through inbound_messages_lead_idx, backwards). */
async function inboundItems(db: Database, lead: LeadRef): Promise<EmailHistoryItem[]> {
  const rows = await db
    .select({
      kind: inboundMessages.kind,
      subject: inboundMessages.subject,
      receivedAt: inboundMessages.receivedAt,
      replyText: shortText(inboundMessages.replyText),
      diagnostic: sql<string | null>`left(${inboundMessages.details}->>'diagnostic', ${LEAD_HISTORY_TEXT_CHARS})`,
      returnDate: sql<string | null>`${inboundMessages.details}->>'returnDate'`,
      priority: inboundMessages.priority,
      truncated: inboundMessages.truncated,
    })
    .from(inboundMessages)
    .where(and(eq(inboundMessages.leadId, lead.id), eq(inboundMessages.userId, lead.userId)))
    .orderBy(desc(inboundMessages.receivedAt), desc(inboundMessages.id))
    .limit(LEAD_HISTORY_LIMIT);
  return rows.map((row) => {
    const at = row.receivedAt.toISOString();
    return {
      kind: row.kind,
      subject: row.subject,
      sentAt: at,
      at,
      text:
        row.kind === 'reply'
          ? row.replyText
          : row.kind === 'bounce' || row.kind === 'unmatched_report'
            ? row.diagnostic
            : null,
      returnDate: row.kind === 'auto_reply' ? row.returnDate : null,
      priority: row.kind === 'reply' ? row.priority : null,
      truncated: row.truncated,
    };
  });
}

/**
 * The figures over the lead's whole history (not only the items shown). Last contact is the latest mail either way
 * that a person sent: ours that went out, or their reply (an inbound reply, or a reply time recorded on our mail).
 * Bounces, complaints and automatic replies are no contact, and neither are mails that failed.
 */
async function summary(db: Database, lead: LeadRef) {
  const [[ours], [theirs]] = await Promise.all([
    db
      .select({
        sent: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.state} = 'sent')::int`,
        lastSentAt: sql`max(${campaignRecipients.sentAt}) FILTER (WHERE ${campaignRecipients.state} = 'sent')`.mapWith(
          campaignRecipients.sentAt,
        ),
        lastRepliedAt: sql`max(${campaignRecipients.repliedAt})`.mapWith(campaignRecipients.repliedAt),
      })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.leadId, lead.id), eq(campaignRecipients.userId, lead.userId))),
    db
      .select({ lastReplyAt: sql`max(${inboundMessages.receivedAt})`.mapWith(inboundMessages.receivedAt) })
      .from(inboundMessages)
      .where(
        and(
          eq(inboundMessages.leadId, lead.id),
          eq(inboundMessages.userId, lead.userId),
          eq(inboundMessages.kind, 'reply'),
        ),
      ),
  ]);
  const times: (Date | null)[] = [ours.lastSentAt, ours.lastRepliedAt, theirs.lastReplyAt];
  const latest = Math.max(...times.map((time) => time?.getTime() ?? Number.NEGATIVE_INFINITY));
  return {
    contactCount: ours.sent,
    hasResponded: ours.lastRepliedAt !== null || theirs.lastReplyAt !== null,
    lastContactedAt: Number.isFinite(latest) ? new Date(latest).toISOString() : null,
  };
}

/**
 * A lead's history, newest first: our mails and what came back, at most LEAD_HISTORY_LIMIT items (each source is
 * read newest first up to the limit, so the merge is bounded too).
 */
export async function leadHistory(db: Database, lead: LeadRef): Promise<EmailHistoryItem[]> {
  const [outgoing, inbound] = await Promise.all([outgoingItems(db, lead), inboundItems(db, lead)]);
  // Every `at` is toISOString()'s fixed format, so text order is time order.
  return [...outgoing, ...inbound].sort((a, b) => b.at.localeCompare(a.at)).slice(0, LEAD_HISTORY_LIMIT);
}

/** The lead's history with its figures: what Client Details shows. */
export async function leadHistoryWithSummary(db: Database, lead: LeadRef): Promise<Omit<LeadDetail, 'lead'>> {
  const [emailHistory, figures] = await Promise.all([leadHistory(db, lead), summary(db, lead)]);
  return { ...figures, emailHistory };
}
