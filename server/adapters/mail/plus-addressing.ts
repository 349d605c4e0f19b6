// Which SMTP servers a campaign mail leaves with its signed return path (`owner+b…@domain`, decision 0058). The
// report of a failure goes to that address, so it must reach the same mailbox: plus addressing. Google's and
// Microsoft's mailboxes always deliver plus-addressed mail to the mailbox; other servers may refuse it or deliver it
// nowhere, and a report lost that way is worse than one matched by the Message-ID it quotes (which nearly every
// report does), so they keep the plain address.

/** Submission hosts of Gmail / Google Workspace and Outlook.com / Microsoft 365. */
const PLUS_ADDRESSING_HOSTS =
  /^(?:smtp\.gmail\.com|smtp\.googlemail\.com|smtp\.office365\.com|smtp-mail\.outlook\.com|smtp\.outlook\.com)\.?$/i;

export function takesPlusAddressedMail(smtpHost: string): boolean {
  return PLUS_ADDRESSING_HOSTS.test(smtpHost.trim());
}

// How a server that checks the sender after the message says it will not send as that address (Microsoft 365:
// "554 5.2.0 STOREDRV.Submission.Exception:SendAsDeniedException").
const SENDER_REFUSED = /send ?as|sender|not (?:allowed|authori[sz]ed|permitted) to send|not owned/i;

/**
 * The server refused the envelope sender: a 5xx to MAIL FROM, or after the message one that names the sender. It
 * will not send from the plus address; nothing was delivered, so the mail can go again from the plain one.
 */
export function refusedReturnPath(error: unknown): boolean {
  const failure = error as { command?: string; responseCode?: number; response?: string };
  if ((failure.responseCode ?? 0) < 500) return false;
  return failure.command === 'MAIL FROM' || (failure.command === 'DATA' && SENDER_REFUSED.test(failure.response ?? ''));
}
