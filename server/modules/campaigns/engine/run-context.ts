import type { StockTip } from '../../../../contract/stock-tips';
import type { CampaignRecipientRow, CampaignRow, EmailAccountRow, LeadRow, UserRow } from '../../../db/schema';
import type { Reservation } from '../../sending/send-allowance';
import type { SenderConnection } from '../../sending/transport-registry';
import type { RunStep } from './steps';

/** What one run of a campaign's sender carries between its send loops. */
/** A row this sender committed as `sending`, with its lead. */
export type Claimed = { row: CampaignRecipientRow; lead: LeadRow | null };

/** The send a loop took for its next mail: mailbox, place in the day, and its row when claimed in the same statement. */
export type ReservedSend = {
  account: EmailAccountRow;
  connection?: SenderConnection;
  reservation: Reservation;
  claimed?: Claimed | null;
};

export type RunContext = {
  campaign: CampaignRow;
  user: UserRow;
  steps: Map<number, RunStep>;
  /** The user's stock tip, read once per run when a step's template includes it. */
  stockTip: StockTip | null;
  /** The run's mails between their claim and their outcome. */
  inFlight: { mails: number };
  /** The run's last reservation: its loops take theirs one after another, so they wake in the order of their slots. */
  lastReservation: Promise<unknown>;
  /**
   * The bounce being settled and weighed by the brake: no loop claims another row until it is, so a brake that
   * trips stops the run after the mails already in flight, not after whatever the other loops sent meanwhile.
   */
  bounceSettling: Promise<unknown>;
};
