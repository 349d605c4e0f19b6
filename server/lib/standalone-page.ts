import { escapeHtml } from '../../contract/template-render';

/** The app's primary colour (web/src/index.css `--primary`, oklch(0.51 0.23 277)), for pages outside the app. */
export const PRIMARY_COLOR = '#4f46e5';

const BASE_STYLE =
  'body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0}\n' +
  'main{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px;max-width:480px;text-align:center}\n' +
  'h1{font-size:20px;margin:0 0 12px}p{color:#475569;line-height:1.5}';

/**
 * A small page of its own, for a person who followed a link in an email (unsubscribing, an expired click link): the
 * app's scripts are not needed, and search engines are told to keep away. `style` adds rules for the page's parts.
 */
export function standalonePage(title: string, body: string, style = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>${BASE_STYLE}${style ? `\n${style}` : ''}</style>
</head><body><main>${body}</main></body></html>`;
}
