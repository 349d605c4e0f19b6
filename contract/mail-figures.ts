import { ratePercent } from './display';

/**
 * What each figure of campaign mail counts: one meaning on every screen that shows one (dashboard, analytics,
 * admin, strategy), decision 0066.
 * - sent: campaign mails that got an outcome: the receiving server accepted them, refused them, or it is unknown
 *   whether they left (a mailbox that broke off mid-send).
 * - delivered: sent mails the receiving server accepted and that did not bounce later.
 * - opened, clicked: delivered mails a person opened or in which a person followed a link (machine hits are left
 *   out; a click counts as an open too).
 * - responded: sent mails the lead answered.
 * A campaign's own progress ("N sent, M failed") is another thing: its mails accepted and refused so far.
 */
export type MailCounts = { sent: number; delivered: number; opened: number; clicked: number; responded: number };

export type MailRates = { deliveryRate: number; openRate: number; clickRate: number; responseRate: number };

/** The rates, in percent with one decimal: delivery of the mails sent; opens, clicks and responses of the delivered. */
export function mailRates(counts: MailCounts): MailRates {
  return {
    deliveryRate: ratePercent(counts.delivered, counts.sent),
    openRate: ratePercent(counts.opened, counts.delivered),
    clickRate: ratePercent(counts.clicked, counts.delivered),
    responseRate: ratePercent(counts.responded, counts.delivered),
  };
}

/** A response rate: answered mails of the delivered ones (the same rate as in mailRates). */
export const responseRateOf = (counts: Pick<MailCounts, 'responded' | 'delivered'>) =>
  ratePercent(counts.responded, counts.delivered);
