import { and, eq, sql } from 'drizzle-orm';
import type { BounceAddresses } from '../../adapters/mail/bounce-address';
import type { InboundClassification, InboundEnvelope } from '../../adapters/mail/inbound/classify-inbound';
import type { Database } from '../../db/client';
import { campaignRecipients, leads } from '../../db/schema';
import { ownMessageRowId } from '../shared/message-id';

/** The mailbox a message was read from. */
export type ReadingAccount = { id: number; userId: string; email: string };

/** Our mail a message concerns: its row and the lead it went to. */
export type MatchedMail = { recipientId: number | null; leadId: number };

/**
 * What a message was matched to. `ours`: it refers to a mail we sent (our Message-ID, our signed return path) or is
 * the lead's own mail, and may change the lead and the mail. `named`: a delivery report or complaint that only names
 * one of our leads, which anyone can write: it is kept on the lead's history and changes nothing (decision 0058).
 */
export type InboundMatch = { refersToOurMail: true; mail: MatchedMail } | { refersToOurMail: false; leadId: number };

/** Matching what a mailbox received to the mail it sent, scoped to the mailbox's user. */
export function createInboundMatching(db: Database, bounceAddresses: BounceAddresses) {
  /** Our rows named by the message's ids (our Message-IDs carry their row id); the first named first. */
  async function byMessageIds(account: ReadingAccount, ids: string[]): Promise<MatchedMail | null> {
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
      // A look-alike id naming one of our rows is not our Message-ID: the row's stored one must be it.
      if (row?.leadId && row.messageId?.toLowerCase() === id.toLowerCase()) {
        return { recipientId: row.id, leadId: row.leadId };
      }
    }
    return null;
  }

  /** The row a report's own recipient names by its signed return path (`owner+b<row>-<signature>@…`). */
  async function byReturnPath(account: ReadingAccount, deliveredTo: string[]): Promise<MatchedMail | null> {
    const rowIds = deliveredTo.flatMap((address) => bounceAddresses.rowIdOf(address, account.email) ?? []);
    if (rowIds.length === 0) return null;
    const [row] = await db
      .select({ id: campaignRecipients.id, leadId: campaignRecipients.leadId })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.userId, account.userId), eq(campaignRecipients.id, rowIds[0])));
    return row?.leadId ? { recipientId: row.id, leadId: row.leadId } : null;
  }

  /** The user's lead with this address, when this mailbox sent them mail; the latest such mail. */
  async function byAddress(account: ReadingAccount, address: string | null): Promise<MatchedMail | null> {
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

  async function firstByAddress(account: ReadingAccount, addresses: (string | null)[]): Promise<MatchedMail | null> {
    for (const address of addresses) {
      const found = await byAddress(account, address);
      if (found) return found;
    }
    return null;
  }

  const ours = (mail: MatchedMail | null): InboundMatch | null => (mail ? { refersToOurMail: true, mail } : null);

  /**
   * A report (bounce or complaint) refers to our mail by our Message-ID (the copy of the original it quotes, or its
   * thread headers) or by our signed return path it was sent to; else it only names addresses, and a lead it names
   * gets the report as a note.
   */
  async function matchReport(
    account: ReadingAccount,
    envelope: InboundEnvelope,
    originalMessageId: string | null,
    named: (string | null)[],
  ): Promise<InboundMatch | null> {
    const referred =
      (await byMessageIds(account, [originalMessageId ?? '', ...envelope.threadIds])) ??
      (await byReturnPath(account, envelope.deliveredTo));
    if (referred) return ours(referred);
    const lead = await firstByAddress(account, named);
    return lead ? { refersToOurMail: false, leadId: lead.leadId } : null;
  }

  return {
    byMessageIds,
    byAddress,

    async match(
      account: ReadingAccount,
      envelope: InboundEnvelope,
      classification: InboundClassification,
    ): Promise<InboundMatch | null> {
      switch (classification.kind) {
        case 'bounce':
          return matchReport(
            account,
            envelope,
            classification.originalMessageId,
            classification.recipients.map((recipient) => recipient.address),
          );
        case 'complaint':
          // Apple Mail's unsubscribe button mails us from the lead's own address, as a reply of theirs would.
          if (classification.recipient !== null && classification.recipient === envelope.from) {
            return ours((await byMessageIds(account, envelope.threadIds)) ?? (await byAddress(account, envelope.from)));
          }
          return matchReport(account, envelope, classification.originalMessageId, [classification.recipient]);
        default:
          return ours((await byMessageIds(account, envelope.threadIds)) ?? (await byAddress(account, envelope.from)));
      }
    },
  };
}

export type InboundMatching = ReturnType<typeof createInboundMatching>;
