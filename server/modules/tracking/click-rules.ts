import type { ClickOutcome, SentMail } from './hit-rows';
import { linkHost } from './mail-links';

const DAY_MS = 86_400_000;

/**
 * What a click with a valid signature does (decision 0059). It leads to its page only when its mail was sent, its
 * link's host is one the mail carried as it went (kept on its row), and the link is younger than `linkDays`; a link
 * of the first form carries no time and ages from its mail's sending. A mail whose hosts were never kept (sent before
 * they were, or settled `sent` from its mailbox's Sent folder after its sender stopped) is held to the signature
 * alone, which binds the very URL the mail carried. A mail that is gone (deleted, with its lead or its owner) or not
 * `sent` leaves nothing to check the link against.
 */
export function clickOutcome(
  click: { url: string; issuedAt: Date | null },
  mail: Pick<SentMail, 'sentAt' | 'linkHosts'> | undefined,
  now: Date,
  linkDays: number,
): ClickOutcome {
  if (!mail) return 'not_in_mail';
  const inMail = mail.linkHosts ? URL.canParse(click.url) && mail.linkHosts.includes(linkHost(click.url)) : true;
  if (!inMail) return 'not_in_mail';
  const issuedAt = click.issuedAt ?? mail.sentAt;
  return now.getTime() - issuedAt.getTime() > linkDays * DAY_MS ? 'expired' : 'redirect';
}
