import type { BouncedRecipient, InboundClassification } from '../../adapters/mail/inbound/classify-inbound';
import type { ReplyIntent } from '../../adapters/mail/inbound/reply-intent';
import type { InboundDetails, InboundKind } from '../../db/schema';

/** How a classified message is stored and what it changes. */
export type InboundRecord = {
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

/** A report's details: whether it is final, and its status and reason for the lead. */
function reportDetails(classification: InboundClassification & { kind: 'bounce' }, leadEmail: string) {
  const recipient = reportedRecipient(classification.recipients, leadEmail);
  return {
    permanent: classification.permanent,
    delayed: classification.delayed,
    status: recipient?.status ?? null,
    diagnostic: recipient?.diagnostic ?? null,
  };
}

/** What a message that refers to our mail is stored as, and what it changes. */
export function recordOf(
  classification: InboundClassification,
  intent: ReplyIntent | null,
  leadEmail: string,
): InboundRecord {
  switch (classification.kind) {
    case 'bounce': {
      const details = reportDetails(classification, leadEmail);
      if (!classification.permanent) return { kind: 'bounce', details };
      // The receiving server's reply is quoted after words that say whose it is (docs/product.md §8).
      const said = details.diagnostic || details.status;
      const answered = said
        ? `The receiving server answered: ${said}`
        : 'The receiving server reported a permanent failure.';
      return {
        kind: 'bounce',
        details,
        leadStatus: 'bounced',
        statusReason: `The email bounced. ${answered}`,
        failMail: `Bounced. ${answered}`,
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

/**
 * A report that names one of our leads but does not refer to a mail we sent (decision 0058): kept as a note on the
 * lead's history, with what it says, and changing nothing.
 */
export function unmatchedReportOf(classification: InboundClassification, leadEmail: string): InboundRecord {
  if (classification.kind === 'bounce') {
    return { kind: 'unmatched_report', details: { report: 'bounce', ...reportDetails(classification, leadEmail) } };
  }
  const feedbackType = classification.kind === 'complaint' ? classification.feedbackType : undefined;
  return { kind: 'unmatched_report', details: { report: 'complaint', feedbackType } };
}

/** The report's entry for the lead, else its first. */
function reportedRecipient(recipients: BouncedRecipient[], leadEmail: string): BouncedRecipient | undefined {
  return recipients.find((recipient) => recipient.address.toLowerCase() === leadEmail) ?? recipients[0];
}
