import { escapeHtml } from '../../../contract/template-render';
import { PRIMARY_COLOR, standalonePage } from '../../lib/standalone-page';
import type { UnsubscribeTarget } from './unsubscribe.service';

const BUTTON_STYLE = `button{background:${PRIMARY_COLOR};color:#fff;border:0;border-radius:8px;padding:10px 18px;font-size:15px;cursor:pointer}`;
const page = (title: string, body: string) => standalonePage(title, body, BUTTON_STYLE);

/** GET /u/{token}: asks before doing anything, since mail scanners open links by themselves. */
export function confirmPage(target: UnsubscribeTarget): string {
  if (target.unsubscribed) return donePage(target);
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe?</h1>
<p>${escapeHtml(target.senderName)} will no longer email <strong>${escapeHtml(target.leadEmail)}</strong>.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function donePage(target: UnsubscribeTarget): string {
  return page(
    'Unsubscribed',
    `<h1>You are unsubscribed</h1>
<p>${escapeHtml(target.senderName)} will not email <strong>${escapeHtml(target.leadEmail)}</strong> again.</p>`,
  );
}

export function invalidLinkPage(): string {
  return page(
    'Link not valid',
    '<h1>This link is not valid</h1><p>Use the unsubscribe link from the email exactly as it came.</p>',
  );
}
