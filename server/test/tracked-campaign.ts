import { eq } from 'drizzle-orm';
import type { ContainerConfig } from '../container';
import { leads } from '../db/schema';
import type { Clock } from '../lib/clock';
import { type createTestApp, getCurrentUser, registerUser } from './app';
import { listenForGets } from './http-get';
import { seedSmtpAccount, startAppWithSmtpPeer } from './seed-smtp-account';
import type { SmtpPeer } from './smtp-peer';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A person's browser: its hits count as the lead's own. */
export const CHROME_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/**
 * An app at `clock` (with `overrides` of the test configuration), the SMTP peer its mail goes to, and GETs to it over
 * real HTTP, as tracking hits come; `close` ends all three.
 */
export async function startTrackingApp(overrides: Partial<ContainerConfig>, clock: Clock) {
  const { t, smtp, close: closeApp } = await startAppWithSmtpPeer(overrides, { clock });
  const { get, close: stopGets } = await listenForGets(t.app);
  const close = async () => {
    stopGets();
    await closeApp();
  };
  return { t, smtp, get, close };
}

/** A mail as the lead received it: its HTML and text parts, the HTML's hrefs in order, and the open pixel's URL. */
export type ReceivedMail = { html: string; text: string; hrefs: string[]; pixel: string | undefined };

/**
 * A new user who sent a campaign of `body` to `count` leads through the SMTP peer, by the real sender at the
 * app's clock: the mails by lead, the user's session cookie and their dashboard figures.
 */
export async function sendTrackedCampaign(
  t: TestApp,
  smtp: SmtpPeer,
  input: { label: string; count: number; body: string; trackingEnabled?: boolean },
) {
  const { label, count, body } = input;
  const token = await registerUser(t.app, `${label}@tracking.test`);
  const cookie = { cookie: `lr_session=${token}` };
  const userId = (await getCurrentUser(t.app, token)).json().id as string;
  await t.app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    headers: cookie,
    payload: { postalAddress: '1 Harbor Way, Austin, TX 78701' },
  });
  const accountId = await seedSmtpAccount(t.database.db, userId, smtp);
  const template = await t.app.inject({
    method: 'POST',
    url: '/api/templates',
    headers: cookie,
    payload: { name: 'Offer', subject: 'Hello {firstName}', body, status: 'active' },
  });
  const csvData = Array.from({ length: count }, (_, i) => ({ email: `${label}-${i}@leads.test`, first_name: `L${i}` }));
  await t.app.inject({
    method: 'POST',
    url: '/api/leads/upload-csv',
    headers: cookie,
    payload: { csvData, firstRowNumber: 2 },
  });
  const leadIds = (
    await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.userId, userId)).orderBy(leads.id)
  ).map((row) => row.id);
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/campaigns/send-mass-email',
    headers: cookie,
    payload: { accountId, templateId: template.json().id, leadIds, trackingEnabled: input.trackingEnabled },
  });
  if (started.statusCode !== 200) throw new Error(`the campaign did not start: ${started.body}`);
  await t.container.services.campaignSender.run(started.json().campaignId);
  const mails = csvData.map(({ email }): ReceivedMail => {
    const received = smtp.received.find((mail) => mail.envelopeTo.includes(email));
    if (!received) throw new Error(`no mail to ${email}`);
    const html = String(received.mail.html);
    return {
      html,
      text: received.mail.text ?? '',
      hrefs: [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1].replaceAll('&amp;', '&')),
      pixel: /<img src="([^"]+)"[^>]*width="1"/.exec(html)?.[1],
    };
  });
  const stats = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/dashboard/stats', headers: cookie })).json();
  return { userId, cookie, mails, stats };
}
