import { expect, type Page, test } from '@playwright/test';
import { setPostalAddress, signUpViaApi, toastMessage } from './helpers';
import { mailPeers } from './mail-peers';

/** The progress card of a campaign started from the dashboard: where it shows, when it finishes, what it counts. */
test.describe('the campaign progress card (local SMTP and IMAP peers)', () => {
  test.describe.configure({ timeout: 90_000 });
  const peers = mailPeers();

  /**
   * A user with a postal address, a warm mailbox on the peers (sending as `email`, whose domain the DNS fixture may
   * know), an Active template and leads at these addresses, set up through the API the screens use.
   */
  async function prepare(
    page: Page,
    leads: string[],
    mailbox: { email?: string; sendsPerMinute: number; dailyLimit?: number },
  ) {
    await signUpViaApi(page.request);
    await setPostalAddress(page.request);
    const server = ({
      host,
      port,
      user,
      password,
    }: {
      host: string;
      port: number;
      user: string;
      password: string;
    }) => ({
      host,
      port,
      user,
      password,
      secure: false,
    });
    const email = mailbox.email ?? peers.smtp.user;
    const connected = await page.request.post('/api/email-accounts/smtp', {
      data: { email, smtp: server(peers.smtp), imap: server(peers.imap), warmupEnabled: false },
    });
    expect(connected.status(), await connected.text()).toBe(201);
    const { id } = await connected.json();
    const { email: _, ...limits } = mailbox;
    expect((await page.request.patch(`/api/email-accounts/${id}`, { data: limits })).status()).toBe(200);
    const template = await page.request.post('/api/templates', {
      data: { name: 'Progress Intro', subject: 'Hello', body: '<p>Hi</p>', status: 'active' },
    });
    expect(template.status()).toBe(201);
    const csvData = leads.map((lead) => ({ email: lead }));
    expect((await page.request.post('/api/leads/upload-csv', { data: { csvData, firstRowNumber: 2 } })).ok()).toBe(
      true,
    );
    return email;
  }

  async function choose(page: Page, label: string, option: RegExp | string) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  }

  /** Picks the mailbox, the template and the first `count` leads, as a person does before Send. */
  async function setUp(page: Page, email: string, count: 20 | 100) {
    await page.goto('/');
    await choose(page, 'Email Account', new RegExp(`^${email.replace(/[.+]/g, '\\$&')}`));
    await choose(page, 'Email Template', 'Progress Intro');
    await page.getByRole('button', { name: `Next ${count}` }).click();
  }

  const progressCard = (page: Page) => page.getByRole('status', { name: 'Campaign progress' });

  for (const width of [390, 1366]) {
    test(`at ${width} px, the card comes into view when Send starts a campaign, and says when it will finish`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const leads = Array.from({ length: 40 }, (_, i) => `progress-${width}-${i}@leads.test`);
      // 60 a minute: the 20 mails take about 25 s, long enough to read the card while it runs. (A run holds its
      // worker's campaign job while it paces, so a slower one would hold up other specs' campaigns.)
      const email = await prepare(page, leads, { sendsPerMinute: 60 });
      await setUp(page, email, 20);
      await expect(page.getByText('20 selected.')).toBeVisible();

      // Down at the bottom of the page, as someone who just picked their recipients is.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.getByRole('button', { name: 'Send Mass Email' }).click();
      await expect(toastMessage(page)).toContainText('Mass email campaign started successfully');
      await expect(progressCard(page)).toBeInViewport();
      await expect(
        progressCard(page).getByText(/^(About \d+ minutes?|Less than a minute) left · finishes around \d\d:\d\d$/),
      ).toBeVisible();

      await progressCard(page).getByRole('button', { name: 'Pause' }).click();
      await expect(progressCard(page).getByText('Campaign paused')).toBeVisible();
      await expect(progressCard(page).getByText(/finishes around/)).toHaveCount(0);
    });
  }

  test('says how many mails wait for tomorrow and when the campaign will finish', async ({ page }) => {
    const leads = Array.from({ length: 5 }, (_, i) => `progress-limit-${i}@leads.test`);
    const email = await prepare(page, leads, { sendsPerMinute: 600, dailyLimit: 2 });
    await setUp(page, email, 20);
    await page.getByRole('button', { name: 'Send Mass Email' }).click();
    // 2 go today; the daily limit holds 3 for tomorrow, which opens at midnight (a first step goes at any hour).
    await expect(progressCard(page).getByText(/^2 of 5 emails: 2 sent, 0 failed, 3 still to send$/)).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      progressCard(page).getByText(/^3 go out tomorrow from 00:00; finishes around [A-Z][a-z]{2} 00:00$/),
    ).toBeVisible();
  });

  test('counts the leads whose domain has no mail server from the start, and sends the others', async ({ page }) => {
    // The DNS fixture knows both progress-*.test domains; the leads' other domains do not exist.
    const good = ['ann@progress-leads.test', 'bob@progress-leads.test'];
    const unreachable = ['cy@no-such-domain.test', 'dee@gone-domain.test', 'eve@never-there.test'];
    const email = await prepare(page, [...good, ...unreachable], {
      email: 'sales@progress-sender.test',
      sendsPerMinute: 600,
    });
    await setUp(page, email, 20);
    await page.getByRole('button', { name: 'Send Mass Email' }).click();
    const card = progressCard(page);
    await expect(card.getByText('Successfully sent 2 email(s) (0 failed)')).toBeVisible({ timeout: 30_000 });
    await expect(
      card.getByText('5 of 5 emails: 2 sent, 0 failed, 3 skipped: no mail server for the domain', { exact: true }),
    ).toBeVisible();
    const delivered = peers.smtp.received
      .flatMap((mail) => mail.envelopeTo)
      .filter((to) => to.endsWith('@progress-leads.test'));
    expect(delivered.sort()).toEqual(good);
  });
});
