import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { campaignRecipients, leads } from '../db/schema';
import { createLinkTokens } from '../lib/link-tokens';
import { createMessageIds } from '../modules/shared/message-id';
import { testConfig } from './app';
import type { RecordedMessage } from './recording-smtp-peer';

/** One recipient row of a campaign, with its lead's address. */
export type RecipientOutcome = { id: number; email: string; state: string; messageId: string | null };

export async function readRecipients(db: Database, campaignId: number): Promise<RecipientOutcome[]> {
  return db
    .select({
      id: campaignRecipients.id,
      email: leads.email,
      state: campaignRecipients.state,
      messageId: campaignRecipients.messageId,
    })
    .from(campaignRecipients)
    .innerJoin(leads, eq(leads.id, campaignRecipients.leadId))
    .where(eq(campaignRecipients.campaignId, campaignId))
    .orderBy(asc(campaignRecipients.id));
}

/** The rows claimed and not settled: read right after a sender is killed, the mails that kill may have stranded. */
export async function sendingRowIds(db: Database, campaignId: number): Promise<number[]> {
  const rows = await db
    .select({ id: campaignRecipients.id })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.state, 'sending')));
  return rows.map((row) => row.id);
}

/**
 * Checks a finished campaign against what the SMTP peer received, by the engine's guarantees: no lead and no
 * Message-ID twice; every row settled (`sent`, or `unknown` for a mail a killed sender had in flight; `failed` never,
 * as the peer refuses nothing); every `sent` row's mail at the peer, and nothing else at the peer but mails of
 * `unknown` rows; `unknown` only for rows that were `sending` when a sender was killed (`stranded`), and at most
 * `unknownBound` of them. Answers the rows for further checks.
 */
export function expectDeliveredOnce(input: {
  campaignId: number;
  rows: RecipientOutcome[];
  received: RecordedMessage[];
  leads: number;
  stranded?: Iterable<number>;
  unknownBound?: number;
}) {
  const { campaignId, rows, received } = input;
  // The test processes share testConfig's secret, which signs Message-IDs.
  const expectedMessageId = (row: { id: number }) =>
    createMessageIds(createLinkTokens(testConfig.sessionSecret)).campaign({ id: row.id, campaignId }, 'x@smtp.test');
  const rowIdOf = (messageId: string) =>
    Number(/^<campaign-\d+\.(\d+)\.[0-9a-f]{16}@smtp\.test>$/.exec(messageId)?.[1]);
  const rowsById = new Map(rows.map((row) => [row.id, row]));

  const messageIds = received.map((message) => message.messageId);
  const recipients = received.flatMap((message) => message.to);
  expect(new Set(messageIds).size, 'a Message-ID reached the peer twice').toBe(messageIds.length);
  expect(new Set(recipients).size, 'a lead was mailed twice').toBe(recipients.length);
  for (const message of received) {
    const row = rowsById.get(rowIdOf(message.messageId));
    expect(message.messageId, 'the peer got a mail of no row of this campaign').toBe(row && expectedMessageId(row));
    expect(message.to, `mail ${message.messageId} went to another lead`).toEqual([row?.email]);
  }

  expect(rows).toHaveLength(input.leads);
  const inState = (state: string) => rows.filter((row) => row.state === state);
  const [sent, unknown] = [inState('sent'), inState('unknown')];
  expect(
    rows.filter((row) => row.state !== 'sent' && row.state !== 'unknown'),
    'rows neither sent nor unknown',
  ).toEqual([]);

  const atPeer = new Set(messageIds);
  for (const row of sent) {
    expect(row.messageId).toBe(expectedMessageId(row));
    expect(atPeer.has(expectedMessageId(row)), `sent row ${row.id} never reached the peer`).toBe(true);
  }
  const unknownIds = new Set(unknown.map((row) => row.id));
  const sentIds = new Set(sent.map((row) => row.id));
  for (const message of received.filter((each) => !sentIds.has(rowIdOf(each.messageId)))) {
    expect(unknownIds.has(rowIdOf(message.messageId)), `the peer got ${message.messageId} of a row not sent`).toBe(
      true,
    );
  }

  const stranded = new Set(input.stranded ?? []);
  expect(
    unknown.filter((row) => !stranded.has(row.id)).map((row) => row.id),
    'unknown rows that no killed sender had in flight',
  ).toEqual([]);
  expect(unknown.length).toBeLessThanOrEqual(input.unknownBound ?? 0);
  return { sent, unknown };
}
