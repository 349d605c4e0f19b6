import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, leads, trackingEvents } from '../../db/schema';
import { createLinkTokens } from '../../lib/link-tokens';
import { type createTestApp, testConfig } from '../../test/app';
import { firstFormClickUrl } from '../../test/first-form-click-links';
import { type HttpAnswer, type HttpGet, pathOf } from '../../test/http-get';
import type { SmtpPeer } from '../../test/smtp-peer';
import { CHROME_USER_AGENT, sendTrackedCampaign, startTrackingApp } from '../../test/tracked-campaign';
import { encodeClickTarget } from './mail-links';

// Click links as an open redirect (decision 0059): they age, and lead only to hosts their mail carried as it went.
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const SENT = new Date('2026-11-23T10:00:00Z');
let now = SENT;
const clock = { now: () => now };
const DAY_MS = 86_400_000;
const daysAfterSending = (days: number) => {
  now = new Date(SENT.getTime() + days * DAY_MS);
};
/** CLICK_LINK_DAYS for this app: not the default, so the setting is seen to be read. */
const LINK_DAYS = 90;
let t: TestApp;
let smtp: SmtpPeer;
let get: HttpGet;
let close: () => Promise<void>;
const linkTokens = createLinkTokens(testConfig.sessionSecret);

const OFFER = 'https://example.test/offer?a=1&b=2';
const BODY = `<p>Hi {firstName}, see <a href="${OFFER}">our offer</a>.</p>`;

beforeAll(async () => {
  ({ t, smtp, get, close } = await startTrackingApp({ clickLinkDays: LINK_DAYS }, clock));
});
afterAll(() => close?.());

/** A user with one tracked mail sent at SENT: the path of its offer link, its row and its lead. */
async function oneMail(label: string) {
  now = SENT;
  const { userId, mails } = await sendTrackedCampaign(t, smtp, { label, count: 1, body: BODY });
  const [row] = await t.database.db
    .select({ id: campaignRecipients.id, leadId: campaignRecipients.leadId })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.userId, userId));
  return { offer: pathOf(mails[0].hrefs[0]), mailId: row.id, leadId: Number(row.leadId) };
}

const click = (path: string) => get(path, { userAgent: CHROME_USER_AGENT });
const clicksOf = (mailId: number) =>
  t.database.db
    .select({ url: trackingEvents.url })
    .from(trackingEvents)
    .where(eq(trackingEvents.recipientId, mailId))
    .orderBy(trackingEvents.id);

/** A page for the person, never a redirect. */
function expectPage(answer: HttpAnswer, status: number, text: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers.location).toBeUndefined();
  expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.body.toString()).toContain(text);
}

describe('click links', () => {
  it('lead to their page for CLICK_LINK_DAYS days after sending, then answer a page with the address as text', async () => {
    const { offer, mailId } = await oneMail('aging');
    daysAfterSending(LINK_DAYS - 1);
    const young = await click(offer);
    expect(young.status).toBe(302);
    expect(young.headers.location).toBe(OFFER);

    daysAfterSending(LINK_DAYS + 1);
    const old = await click(offer);
    expectPage(old, 410, 'This link has expired');
    // Shown to copy, not to follow: no link on the page.
    expect(old.body.toString()).toContain('<code>https://example.test/offer?a=1&amp;b=2</code>');
    expect(old.body.toString()).not.toContain('href=');
    expect(await clicksOf(mailId)).toEqual([{ url: OFFER }]);
  });

  it('refuse a signed link to a host the mail did not carry as it went, and every link of a mail that is gone', async () => {
    const { offer, mailId, leadId } = await oneMail('hosts');
    daysAfterSending(1);
    const signed = (url: string) => `/t/c/${linkTokens.signClick(mailId, 0, url, SENT)}?u=${encodeClickTarget(url)}`;
    // Signed with the install's own key, as a forged or leaked signer would: the mail as sent is the authority.
    expectPage(await click(signed('https://evil.test/login')), 404, 'This link is not active');
    expect((await click(signed('https://evil.test/login'))).body.toString()).not.toContain('evil.test');
    // The mail's own host, on another page: the host is what the mail vouches for.
    expect((await click(signed('https://example.test/pricing'))).headers.location).toBe('https://example.test/pricing');
    expect((await click(offer)).headers.location).toBe(OFFER);
    expect(await clicksOf(mailId)).toEqual([{ url: 'https://example.test/pricing' }, { url: OFFER }]);

    // The lead deleted (its mails with it): nothing is left to check the link against.
    await t.database.db.delete(leads).where(eq(leads.id, leadId));
    expectPage(await click(offer), 404, 'This link is not active');
  });

  it('of mails sent before links carried their issue time still lead to their page, until their mail is too old', async () => {
    const { mailId } = await oneMail('first-form');
    // As a mail sent before: no hosts kept, and links of the first form, which carry no time.
    await t.database.db.update(campaignRecipients).set({ linkHosts: null }).where(eq(campaignRecipients.id, mailId));
    const firstForm = pathOf(firstFormClickUrl('http://x', testConfig.sessionSecret, mailId, 0, OFFER));
    daysAfterSending(LINK_DAYS - 1);
    const young = await click(firstForm);
    expect(young.status).toBe(302);
    expect(young.headers.location).toBe(OFFER);

    daysAfterSending(LINK_DAYS + 1);
    expectPage(await click(firstForm), 410, 'This link has expired');
    expect(await clicksOf(mailId)).toEqual([{ url: OFFER }]);
    // A link of the new form on a mail that kept no hosts (one settled `sent` from its Sent folder after a crash) is
    // held to its signature and its age alone.
    daysAfterSending(1);
    const newForm = `/t/c/${linkTokens.signClick(mailId, 0, OFFER, SENT)}?u=${encodeClickTarget(OFFER)}`;
    expect((await click(newForm)).headers.location).toBe(OFFER);
  });
});
