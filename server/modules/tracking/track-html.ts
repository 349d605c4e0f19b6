import { escapeHtml } from '../../../contract/template-render';
import type { MailTracking } from './mail-links';

const ANCHOR_TAG = /<a\s[^>]*>/gi;
const HREF = /(\shref=")([^"]*)(")/i;

/** Attribute text back to the URL: sanitize-html writes attributes in double quotes, escaping only these four. */
const unescapeAttribute = (value: string) =>
  value.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

const isWebUrl = (url: string) => /^https?:\/\//i.test(url) && URL.canParse(url);

/**
 * The mail's sanitised HTML with every http(s) link pointing to its click link, numbered in order from 0. Other
 * links (mailto:, tel:) stay as they are.
 */
export function trackLinks(html: string, tracking: MailTracking): string {
  let index = 0;
  return html.replace(ANCHOR_TAG, (tag) =>
    tag.replace(HREF, (attribute, opening: string, value: string, closing: string) => {
      // A browser ignores the spaces around an href; so does the URL the click leads to.
      const url = unescapeAttribute(value).trim();
      if (!isWebUrl(url)) return attribute;
      return `${opening}${escapeHtml(tracking.clickUrl(url, index++))}${closing}`;
    }),
  );
}

/** The open pixel: a 1x1 image that takes no room. */
export function openPixel(tracking: MailTracking): string {
  return `<img src="${escapeHtml(tracking.openPixelUrl)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
}
