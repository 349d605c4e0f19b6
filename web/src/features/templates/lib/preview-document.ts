import { renderHtmlBody, type TemplateLead } from '@contract/template-render';

// The preview iframe is sandboxed with no permissions (no script, no popups, unique origin); this policy also keeps
// it from fetching anything but images, and <base target="_blank"> makes a clicked link a blocked popup instead of
// a page loading inside the preview. Only the page frame is styled: elements keep the defaults a mail client uses.
const HEAD = `<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'">
<base target="_blank">
<style>
  body { margin: 0; padding: 20px 24px; font: 15px/1.6 -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #1f2430; overflow-wrap: anywhere; }
  img { max-width: 100%; }
</style>`;

/**
 * The whole document the preview iframe shows: the body rendered for `lead` by the one template renderer, its spins'
 * words picked by `seed`.
 */
export function previewDocument(bodyHtml: string, lead: TemplateLead, seed: string): string {
  return `<!doctype html><html><head>${HEAD}</head><body>${renderHtmlBody(bodyHtml, lead, seed)}</body></html>`;
}
