import { type StockTip, stockTipFooterLines } from '../../../../contract/stock-tips';
import { escapeHtml } from '../../../../contract/template-render';
import { UNSUBSCRIBE_SUBJECT } from '../../../adapters/mail/inbound/reply-intent';
import type { OutgoingMail } from '../../../adapters/mail/transport';
import type { EmailAccountRow, LeadRow, TemplateRow, UserRow } from '../../../db/schema';
import { renderEmail, stepSpinSeed } from '../../templates/render-email';
import type { MailLinks } from '../../tracking/mail-links';
import { openPixel, trackLinks } from '../../tracking/track-html';

/** The sender as campaign mails and the unsubscribe page name them: the user's name, else the company. */
export function senderName(user: Pick<UserRow, 'firstName' | 'lastName' | 'companyName'>): string | null {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.companyName || null;
}

/**
 * One campaign mail as it leaves: the template rendered for the lead (the spins' words picked by lead and step, so
 * a retry sends the same words), an HTML and a plain-text part, the template's
 * files, the user's stock tip of the day when the template includes it (and the user has one), and a footer with the
 * sender's name, postal address and an unsubscribe link, which the List-Unsubscribe
 * headers (RFC 2369, one-click per RFC 8058) repeat for mail clients. With tracking on, the HTML part's http(s) links
 * lead through their click links and it ends with the open pixel; the plain-text part keeps the links as written
 * (decision 0014).
 */
export function composeCampaignMail(input: {
  recipient: { id: number; campaignId: number | null; step: number };
  lead: LeadRow;
  user: UserRow;
  account: EmailAccountRow;
  template: TemplateRow;
  links: MailLinks;
  /** The user's current stock tip, if any. */
  stockTip: StockTip | null;
  /** Its Message-ID (`MessageIds.campaign`): derived from the row, so the mail can be matched to it whatever happens. */
  messageId: string;
  /** The mail's signed return path (server/adapters/mail/bounce-address.ts), where one fits; its reports come back to it. */
  returnPath?: string | null;
}): OutgoingMail {
  const { recipient, lead, user, account, template, links } = input;
  const tip = template.includeStockTip && input.stockTip ? stockTipFooterLines(input.stockTip) : null;
  const { unsubscribeUrl, tracking } = links;
  const rendered = renderEmail(template, lead, stepSpinSeed(lead.id, recipient.step));
  const sender = senderName(user) ?? account.email;
  const address = (user.postalAddress ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(', ');
  const footerText = `${sender} · ${address}`;
  const tipHtml = tip
    ? `<p style="color:#374151;font-size:13px;border-top:1px solid #e5e7eb;padding-top:8px"><strong>${escapeHtml(tip.headline)}</strong><br>${escapeHtml(tip.analysis)}<br><em style="color:#6b7280;font-size:12px">${escapeHtml(tip.disclaimer)}</em></p>`
    : '';
  const tipText = tip ? `\n\n${tip.headline}\n${tip.analysis}\n${tip.disclaimer}` : '';
  const htmlFooter = `${tipHtml}<p style="color:#6b7280;font-size:12px">${escapeHtml(footerText)}<br><a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a></p>`;
  return {
    from: { name: account.displayName, address: account.email },
    to: lead.email,
    subject: rendered.subject,
    html: tracking
      ? `${trackLinks(rendered.html, tracking)}${htmlFooter}${openPixel(tracking)}`
      : `${rendered.html}${htmlFooter}`,
    text: `${rendered.text}${tipText}\n\n--\n${footerText}\nUnsubscribe: ${unsubscribeUrl}`,
    messageId: input.messageId,
    // A report of its failure that quotes no Message-ID is still known to be about this mail (decision 0058).
    ...(input.returnPath && { returnPath: input.returnPath }),
    attachments: template.attachments.map((file) => ({
      filename: file.name,
      contentType: file.contentType,
      content: Buffer.from(file.contentBytes, 'base64'),
    })),
    headers: {
      // The mailto: serves mail clients without one-click support: the mailbox reader takes the lead's
      // "unsubscribe" mail in and unsubscribes them (decision 0017).
      'List-Unsubscribe': `<${unsubscribeUrl}>, <mailto:${account.email}?subject=${UNSUBSCRIBE_SUBJECT}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
