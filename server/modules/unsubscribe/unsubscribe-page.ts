import { escapeHtml } from '../../../contract/template-render';
import type { UnsubscribeTarget } from './unsubscribe.service';

/** A small page of its own (the app's scripts are not needed to unsubscribe). */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px;max-width:420px;text-align:center}
h1{font-size:20px;margin:0 0 12px}p{color:#475569;line-height:1.5}
button{background:#2563eb;color:#fff;border:0;border-radius:8px;padding:10px 18px;font-size:15px;cursor:pointer}</style>
</head><body><main>${body}</main></body></html>`;
}

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
