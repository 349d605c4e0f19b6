import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { campaignRecipients, trackingEvents } from '../../db/schema';
import { createLinkTokens } from '../../lib/link-tokens';
import { createTestApp, testConfig } from '../../test/app';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';
import { sendTrackedCampaign } from '../../test/tracked-campaign';
import { encodeClickTarget } from './mail-links';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const SENT = new Date('2026-11-23T10:00:00Z');
let now = SENT;
const clock = { now: () => now };
const minutesAfterSending = (minutes: number) => {
  now = new Date(SENT.getTime() + minutes * 60_000);
};
let t: TestApp;
let smtp: SmtpPeer;
const linkTokens = createLinkTokens(testConfig.sessionSecret);

const OFFER = 'https://example.test/offer?a=1&b=2';
const ABOUT = 'https://example.test/über-uns';
/** A header carries no "ü": the redirect leads where a browser would have gone from the link itself. */
const ABOUT_LOCATION = 'https://example.test/%C3%BCber-uns';
const BODY = `<p>Hi {firstName}, see <a href="${OFFER}">our offer</a>, <a href="${ABOUT}">about us</a> or <a href="mailto:sales@example.test">write</a>.</p>`;
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const GOOGLE_PROXY = 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';
const PERSON = '203.0.113.7';
/** An address of Apple's, from which Mail Privacy Protection fetches images. */
const APPLE = '17.58.63.1';

/** A user who sent a campaign with links to `count` leads through the SMTP peer; its mails by lead. */
async function sentCampaign(label: string, count: number, options: { trackingEnabled?: boolean } = {}) {
  now = SENT;
  return sendTrackedCampaign(t, smtp, { label, count, body: BODY, ...options });
}

/** A request for a link of a mail, as a mail client or browser at `ip` makes it. */
const follow = (link: string, userAgent: string | undefined, ip = PERSON, method: 'GET' | 'HEAD' = 'GET') => {
  const url = new URL(link);
  return t.app.inject({
    method,
    url: `${url.pathname}${url.search}`,
    remoteAddress: ip,
    // light-my-request sends a user agent of its own unless told one, even an empty one.
    headers: { 'user-agent': userAgent ?? '' },
  });
};

const eventsOf = (userId: string) =>
  t.database.db
    .select({
      kind: trackingEvents.kind,
      url: trackingEvents.url,
      machine: trackingEvents.machine,
      machineReason: trackingEvents.machineReason,
      ipAddress: trackingEvents.ipAddress,
    })
    .from(trackingEvents)
    .where(eq(trackingEvents.userId, userId))
    .orderBy(trackingEvents.id);

beforeAll(async () => {
  [t, smtp] = await Promise.all([createTestApp({}, { clock }), startSmtpPeer()]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});
beforeEach(() => {
  now = SENT;
});

describe('opens and clicks', () => {
  it('a campaign mail carries the pixel and click links, which lead to exactly the links it had', async () => {
    const { userId, mails, stats } = await sentCampaign('human', 3);
    const [mail] = mails;
    expect(mail.pixel).toMatch(/^http:\/\/localhost:5000\/t\/o\/\d+\.[\w-]{22}$/);
    const [offer, about, ...others] = mail.hrefs;
    expect(offer).toMatch(/^http:\/\/localhost:5000\/t\/c\/\d+\.0\.\d+\.[\w-]{22}\?u=[\w-]+$/);
    expect(about).toMatch(/^http:\/\/localhost:5000\/t\/c\/\d+\.1\.\d+\.[\w-]{22}\?u=[\w-]+$/);
    // mailto: and the unsubscribe link stay as they are.
    expect(others).toEqual(['mailto:sales@example.test', expect.stringMatching(/^http:\/\/localhost:5000\/u\//)]);
    expect(mail.html).not.toContain('example.test/über-uns');
    // The plain-text part keeps the links readable (decision 0014).
    expect(mail.text).toContain(OFFER);

    minutesAfterSending(5);
    const pixel = await follow(String(mail.pixel), CHROME);
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect(pixel.headers['cache-control']).toContain('no-store');
    expect(pixel.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');

    minutesAfterSending(6);
    const click = await follow(offer, CHROME);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(OFFER);
    expect(click.headers['cache-control']).toBe('no-store');
    minutesAfterSending(7);
    expect((await follow(about, CHROME)).headers.location).toBe(ABOUT_LOCATION);
    // A click with no pixel (images off) still shows the mail was opened.
    expect((await follow(mails[1].hrefs[1], CHROME)).headers.location).toBe(ABOUT_LOCATION);

    expect(await eventsOf(userId)).toEqual([
      { kind: 'open', url: null, machine: false, machineReason: null, ipAddress: PERSON },
      { kind: 'click', url: OFFER, machine: false, machineReason: null, ipAddress: PERSON },
      { kind: 'click', url: ABOUT, machine: false, machineReason: null, ipAddress: PERSON },
      { kind: 'click', url: ABOUT, machine: false, machineReason: null, ipAddress: PERSON },
    ]);
    expect(await stats()).toMatchObject({
      emailsDelivered: 3,
      emailsOpened: 2,
      emailsClicked: 2,
      openRate: 66.7,
      clickRate: 66.7,
      machineEventsLeftOut: 0,
    });
  });

  it('stores proxies’ and scanners’ hits as machine events and leaves them out of the figures', async () => {
    const { userId, mails, stats } = await sentCampaign('machines', 4);
    const [first, second, third, fourth] = mails;
    // Within seconds of sending: a security gateway following the links as the mail arrives.
    now = new Date(SENT.getTime() + 3_000);
    expect((await follow(first.hrefs[0], CHROME)).headers.location).toBe(OFFER);

    minutesAfterSending(10);
    expect((await follow(String(second.pixel), 'Mozilla/5.0', APPLE)).statusCode).toBe(200); // Apple MPP
    expect((await follow(String(second.pixel), GOOGLE_PROXY, '66.249.84.1')).statusCode).toBe(200);
    expect((await follow(String(second.pixel), undefined, '198.51.100.9')).statusCode).toBe(200);
    // Safe Links: an ordinary Chrome from Exchange Online's addresses, which the X-Forwarded-For it sends cannot
    // hide while the app does not trust a proxy.
    const safeLinks = await t.app.inject({
      method: 'GET',
      url: new URL(third.hrefs[1]).pathname + new URL(third.hrefs[1]).search,
      remoteAddress: '40.107.22.5',
      headers: { 'user-agent': CHROME, 'x-forwarded-for': PERSON },
    });
    expect(safeLinks.headers.location).toBe(ABOUT_LOCATION);
    expect((await follow(third.hrefs[0], CHROME, PERSON, 'HEAD')).statusCode).toBe(302);
    // A scanner clicking every link of a mail at once, from an ordinary address: both clicks are its.
    expect((await follow(fourth.hrefs[0], CHROME)).statusCode).toBe(302);
    now = new Date(now.getTime() + 800);
    expect((await follow(fourth.hrefs[1], CHROME)).statusCode).toBe(302);

    const events = await eventsOf(userId);
    expect(events.map((event) => [event.kind, event.machine, event.machineReason])).toEqual([
      ['click', true, 'too_soon_after_sending'],
      ['open', true, 'bot_user_agent'],
      ['open', true, 'bot_user_agent'],
      ['open', true, 'no_user_agent'],
      ['click', true, 'scanner_address'],
      ['click', true, 'head_request'],
      ['click', true, 'click_burst'],
      ['click', true, 'click_burst'],
    ]);
    expect(events[4].ipAddress).toBe('40.107.22.5');
    expect(await stats()).toMatchObject({
      emailsDelivered: 4,
      emailsOpened: 0,
      emailsClicked: 0,
      openRate: 0,
      clickRate: 0,
      machineEventsLeftOut: 8,
    });

    // The person's own open and click later still count.
    minutesAfterSending(60);
    await follow(String(second.pixel), CHROME);
    await follow(third.hrefs[0], CHROME);
    expect(await stats()).toMatchObject({ emailsOpened: 2, emailsClicked: 1, machineEventsLeftOut: 8 });
  });
});

describe('many hits at once', () => {
  it('stores every open of a sent mail with its own flags before its pixel is answered, and only those', async () => {
    const { userId, mails, stats } = await sentCampaign('crowd', 30);
    minutesAfterSending(5);
    const [unsent] = await t.database.db
      .insert(campaignRecipients)
      .values({ userId, kind: 'test', toAddress: 'me@tracking.test' })
      .returning();
    const unsentPixel = `http://localhost:5000/t/o/${linkTokens.sign('open', unsent.id)}`;
    // Every mail opened by its reader and fetched by Apple's proxy, and pixels of no sent mail, all at once: they
    // are written in groups (write-batcher.ts), each answered once its own group is stored.
    const answers = await Promise.all([
      ...mails.flatMap((mail) => [
        follow(String(mail.pixel), CHROME),
        follow(String(mail.pixel), 'Mozilla/5.0', APPLE),
      ]),
      follow(unsentPixel, CHROME),
      follow('http://localhost:5000/t/o/nonsense', CHROME),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const events = await eventsOf(userId);
    expect(events).toHaveLength(60);
    expect(events.filter((event) => event.machine)).toHaveLength(30);
    expect(events.filter((event) => event.machine).map((event) => event.machineReason)).toEqual(
      Array(30).fill('bot_user_agent'),
    );
    expect(await stats()).toMatchObject({ emailsOpened: 30, openRate: 100, machineEventsLeftOut: 30 });

    // The group's values go to the database as arrays: a user agent with an array's own characters is kept as sent.
    minutesAfterSending(6);
    const oddAgent = `${CHROME} "quoted", {braced}, back\\slash, NULL`;
    await Promise.all([follow(String(mails[0].pixel), oddAgent), follow(String(mails[1].pixel), 'NULL')]);
    const agents = await t.database.db
      .select({ userAgent: trackingEvents.userAgent })
      .from(trackingEvents)
      .where(and(eq(trackingEvents.userId, userId), inArray(trackingEvents.userAgent, [oddAgent, 'NULL'])));
    expect(agents.map((row) => row.userAgent).sort()).toEqual([oddAgent, 'NULL'].sort());
  });

  it('weighs clicks that come together as one after another: a scanner’s burst is its, a person’s click is not', async () => {
    const { userId, mails, stats } = await sentCampaign('crowd-clicks', 10);
    minutesAfterSending(5);
    // Mails 0-4: a scanner follows both links at once; mails 5-9: the reader follows one.
    const answers = await Promise.all(
      mails.flatMap((mail, i) =>
        (i < 5 ? mail.hrefs.slice(0, 2) : mail.hrefs.slice(0, 1)).map((href) => follow(href, CHROME)),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 302));
    const events = await eventsOf(userId);
    expect(events).toHaveLength(15);
    expect(events.filter((event) => event.machineReason === 'click_burst')).toHaveLength(10);
    expect(events.filter((event) => !event.machine).map((event) => event.url)).toEqual(Array(5).fill(OFFER));
    expect(await stats()).toMatchObject({ emailsClicked: 5, machineEventsLeftOut: 10 });

    // A second link of a person's mail, clicked in the same second: the earlier stored click joins the burst.
    await follow(mails[5].hrefs[1], CHROME);
    const later = await eventsOf(userId);
    expect(later.filter((event) => event.machineReason === 'click_burst')).toHaveLength(12);
    expect(await stats()).toMatchObject({ emailsClicked: 4, machineEventsLeftOut: 12 });
  });
});

describe('links that are not the mail’s', () => {
  it('a changed token or a URL not in the mail is a 404, never a redirect, and records nothing', async () => {
    const { userId, mails } = await sentCampaign('tampered', 2);
    minutesAfterSending(5);
    const link = new URL(mails[0].hrefs[0]);
    const [, , , token] = link.pathname.split('/');
    const [id, index, issued, signature] = token.split('.');
    const [otherId] = new URL(mails[1].hrefs[0]).pathname.split('/')[3].split('.');
    const evil = encodeClickTarget('https://evil.test/login');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      `/t/c/${token}?u=${evil}`, // a URL that was not in the mail
      `/t/c/${token}?u=${encodeClickTarget(ABOUT)}`, // the mail's other link, under this link's token
      `/t/c/${token}?u=${evil}&u=${link.searchParams.get('u')}`,
      `/t/c/${token}`,
      `/t/c/${id}.${index}.${issued}.${flipped}${link.search}`,
      `/t/c/${id}.1.${issued}.${signature}${link.search}`,
      `/t/c/${id}.${index}.${Number(issued) + 1}.${signature}${link.search}`, // another issue time
      `/t/c/${otherId}.${index}.${issued}.${signature}${link.search}`, // another mail's row under this mail's signature
      `/t/c/nonsense?u=${evil}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url: path, headers: { 'user-agent': CHROME } });
      expect(response.statusCode, path).toBe(404);
      expect(response.headers.location, path).toBeUndefined();
      expect(response.json().message).toMatch(/not valid/);
    }
    expect(await eventsOf(userId)).toEqual([]);
  });

  it('the pixel answers the same image to any token and records only valid ones of sent mails', async () => {
    const { userId, mails } = await sentCampaign('pixels', 1);
    minutesAfterSending(5);
    const valid = await follow(String(mails[0].pixel), CHROME);
    const pixelPath = new URL(String(mails[0].pixel)).pathname;
    const [pending] = await t.database.db
      .insert(campaignRecipients)
      .values({ userId, kind: 'test', toAddress: 'me@tracking.test' })
      .returning();
    for (const path of [`${pixelPath}x`, '/t/o/nonsense', `/t/o/${linkTokens.sign('open', pending.id)}`]) {
      const response = await t.app.inject({ method: 'GET', url: path, headers: { 'user-agent': CHROME } });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toBe(valid.headers['content-type']);
      expect(response.headers['cache-control']).toBe(valid.headers['cache-control']);
      expect(response.rawPayload.equals(valid.rawPayload)).toBe(true);
    }
    expect(await eventsOf(userId)).toHaveLength(1);
    expect(await t.database.db.select().from(trackingEvents).where(eq(trackingEvents.recipientId, pending.id))).toEqual(
      [],
    );
  });
});

describe('tracking off', () => {
  it('a campaign with tracking off sends no pixel and its links as written', async () => {
    const { mails } = await sentCampaign('untracked', 1, { trackingEnabled: false });
    const [mail] = mails;
    expect(mail.pixel).toBeUndefined();
    expect(mail.html).not.toContain('/t/');
    expect(mail.hrefs).toEqual([
      OFFER,
      ABOUT,
      'mailto:sales@example.test',
      expect.stringMatching(/^http:\/\/localhost:5000\/u\//),
    ]);
  });
});
