import type { FastifyBaseLogger } from 'fastify';

/**
 * The events an operator looks for in the log, one line each with `event` set (docs/operations.md, "Reading the
 * log"): what happened to campaigns and mailboxes, bounces and complaints, lead sources failing. Ids, never a
 * lead's address or a mail's words.
 */
export type OperatorEvent =
  | { event: 'campaign.started'; campaignId: number; userId: string; recipients: number }
  | { event: 'campaign.resumed'; campaignId: number; userId: string }
  | { event: 'campaign.paused'; campaignId?: number; accountId?: number; userId?: string; reason: string }
  | { event: 'campaign.completed'; campaignId: number }
  | { event: 'mailbox.connected'; accountId: number; userId: string; provider: string }
  | { event: 'mailbox.error'; accountId: number; reason: string }
  | { event: 'mail.bounced' | 'mail.complained'; userId: string; leadId: number | null; recipientId: number | null }
  | { event: 'lead_source.failed'; searchId: number; source: string; reason: string };

export type OperatorLog = (event: OperatorEvent) => void;

function sentence(event: OperatorEvent): string {
  switch (event.event) {
    case 'campaign.started':
      return `Campaign ${event.campaignId} started: ${event.recipients} recipient(s)`;
    case 'campaign.resumed':
      return `Campaign ${event.campaignId} resumed`;
    case 'campaign.paused':
      return event.campaignId === undefined
        ? `Campaigns of mailbox ${event.accountId} paused: ${event.reason}`
        : `Campaign ${event.campaignId} paused: ${event.reason}`;
    case 'campaign.completed':
      return `Campaign ${event.campaignId} completed`;
    case 'mailbox.connected':
      return `Mailbox ${event.accountId} connected (${event.provider})`;
    case 'mailbox.error':
      return `Mailbox ${event.accountId} in error: ${event.reason}`;
    case 'mail.bounced':
      return `A campaign mail bounced (lead ${event.leadId ?? 'unknown'})`;
    case 'mail.complained':
      return `A lead complained about a mail (lead ${event.leadId ?? 'unknown'})`;
    case 'lead_source.failed':
      return `Lead source ${event.source} failed for search ${event.searchId}: ${event.reason}`;
  }
}

const WARNINGS = new Set<OperatorEvent['event']>([
  'campaign.paused',
  'mailbox.error',
  'mail.complained',
  'lead_source.failed',
]);

export function createOperatorLog(log: Pick<FastifyBaseLogger, 'info' | 'warn'>): OperatorLog {
  return (event) => {
    if (WARNINGS.has(event.event)) log.warn(event, sentence(event));
    else log.info(event, sentence(event));
  };
}
