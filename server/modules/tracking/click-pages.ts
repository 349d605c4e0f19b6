import { escapeHtml } from '../../../contract/template-render';
import { standalonePage } from '../../lib/standalone-page';

/** The address shown as text the person can select and copy. */
const CODE_STYLE =
  'code{display:block;background:#f1f5f9;border-radius:8px;padding:10px;color:#0f172a;word-break:break-all;user-select:all}';
const page = (title: string, body: string) => standalonePage(title, body, CODE_STYLE);

/**
 * A click link past its age (decision 0059). The address it led to is shown as text, never as a link, so nothing
 * is opened for the person: a reader of an old email can still copy it if they trust it.
 */
export function expiredLinkPage(url: string, linkDays: number): string {
  return page(
    'Link expired',
    `<h1>This link has expired</h1>
<p>Links in emails lead to their page for ${linkDays} days after the email was sent. This one pointed to:</p>
<code>${escapeHtml(url)}</code>
<p>If you trust that address, copy it into your browser.</p>`,
  );
}

/**
 * A link whose signature holds, but which its mail as sent did not carry (or whose mail is gone): nothing of where
 * it points is shown, since the app does not vouch for it.
 */
export function notInMailPage(): string {
  return page(
    'Link not active',
    '<h1>This link is not active</h1>' +
      '<p>It does not lead anywhere. If you expected a page, ask the sender of the email for its address.</p>',
  );
}
