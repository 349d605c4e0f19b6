import { expect, type Page, test } from '@playwright/test';
import { DateTime } from 'luxon';
import pg from 'pg';
import { connectPeerMailbox, setPostalAddress, signUpViaApi } from './helpers';
import { mailPeers } from './mail-peers';
import { E2E_POSTGRES_PORT, historyDatabaseUrl } from './postgres-database';

/** "Nov 17, 2026 – Nov 23, 2026": the days a range shows (7 for "Last 7 days"), for a user on UTC (the default). */
function period(days: number): string {
  const today = DateTime.utc().startOf('day');
  return `${today.minus({ days: days - 1 }).toFormat('MMM dd, yyyy')} – ${today.toFormat('MMM dd, yyyy')}`;
}

const card = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Email rates' }).getByRole('region', { name: label });

async function chooseRange(page: Page, label: string, range: string) {
  const asked = page.waitForRequest(
    (request) => request.url().includes('/api/dashboard/stats') && request.url().endsWith(`range=${range}`),
  );
  const chartAsked = page.waitForRequest((request) => request.url().endsWith(`/api/analytics/daily?range=${range}`));
  await page.getByRole('combobox', { name: 'Time range' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await Promise.all([asked, chartAsked]);
  await expect(page.getByRole('combobox', { name: 'Time range' })).toHaveText(label);
}

test.describe('the analytics screen (local SMTP and IMAP peers)', () => {
  test.describe.configure({ timeout: 90_000 });
  const peers = mailPeers();

  /** A mailbox on the peers, an Active template and four leads, through the API the screens use. */
  async function prepare(page: Page) {
    await signUpViaApi(page.request);
    await setPostalAddress(page.request);
    const accountId = await connectPeerMailbox(page.request, peers.smtp, peers.imap);
    const template = await page.request.post('/api/templates', {
      data: {
        name: 'Harbor Intro',
        subject: 'Hello {firstName}',
        body: '<p>Hi {firstName}</p>',
        status: 'active',
        weekNumber: 1,
      },
    });
    expect(template.status(), await template.text()).toBe(201);
    const label = `analytics-${Date.now()}`;
    const leadIds: number[] = [];
    for (let i = 0; i < 4; i++) {
      const lead = await page.request.post('/api/leads', { data: { email: `${label}-${i}@leads.test` } });
      expect(lead.status(), await lead.text()).toBe(201);
      leadIds.push((await lead.json()).id);
    }
    // One of the four is refused by the mailbox server: three of four delivered.
    peers.smtp.failRecipient(`${label}-0@leads.test`, 550, '5.1.1 no such user');
    return { accountId, templateId: (await template.json()).id as number, leadIds };
  }

  test('shows the figures, the chart and template performance for the chosen range', async ({ page }) => {
    const { accountId, templateId, leadIds } = await prepare(page);

    // Nothing sent yet: zeros and the empty states.
    await page.goto('/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics Dashboard' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Time range' })).toHaveText('Last 7 days');
    await expect(card(page, 'Mail Delivered')).toContainText('0.0%');
    await expect(card(page, 'Conversion Rate')).toContainText('Based on responses');
    await expect(page.getByText('No template performance data')).toBeVisible();
    await expect(page.getByText('Send some campaigns to see detailed template performance analytics')).toBeVisible();
    await expect(page.getByText('No emails sent in this period')).toBeVisible();
    await expect(page.getByText('No replies in this period yet')).toBeVisible();
    await expect(page.getByText('No campaigns sent in this period')).toBeVisible();
    await expect(page.getByText(period(7))).toBeVisible();

    const started = await page.request.post('/api/campaigns/send-mass-email', {
      data: { accountId, templateId, leadIds },
    });
    expect(started.status(), await started.text()).toBe(200);
    const campaignId: number = (await started.json()).campaignId;
    await expect
      .poll(async () => (await (await page.request.get(`/api/campaigns/${campaignId}`)).json()).status, {
        timeout: 30_000,
      })
      .toBe('completed');

    await page.reload();
    await expect(card(page, 'Mail Delivered')).toContainText('75.0%');
    await expect(card(page, 'Mail Delivered')).toContainText('3 of 4 emails');
    await expect(card(page, 'Mail Opened')).toContainText('0.0%');
    await expect(card(page, 'Mail Responded')).toContainText('0 responded');
    // Nothing automatic to leave out: no line about it (and never the word "machine").
    await expect(page.getByText(/not counted \(made by email privacy features/)).toHaveCount(0);
    await expect(page.getByText(/machine/i)).toHaveCount(0);
    await expect(page.getByRole('listitem').filter({ hasText: '4 sent · 0.0% response rate' })).toContainText(
      'Harbor Intro',
    );
    // Four mails say too little to rate the template.
    await expect(page.getByText('Too early to tell')).toBeVisible();
    await expect(page.getByText('Needs Improvement')).toHaveCount(0);
    await expect(page.getByRole('progressbar', { name: 'Harbor Intro score' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Daily activity chart' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Daily activity chart' }).getByText('Delivered')).toBeVisible();
    // The campaign's row: four mails sent (one refused), none answered, no meeting yet.
    const campaignRow = page
      .getByRole('table', { name: 'Replies and meetings by campaign' })
      .getByRole('row')
      .filter({ hasText: 'Harbor Intro' });
    await expect(campaignRow.getByRole('cell')).toHaveText([/^Harbor Intro\s*Created /, '4', '0', '0.0%', '0']);

    // The select asks the server for the range: mails sent today are in every range, so the figures hold while
    // the period the chart covers grows.
    await chooseRange(page, 'Last year', '1y');
    await expect(page.getByText(period(365))).toBeVisible();
    await expect(card(page, 'Mail Delivered')).toContainText('3 of 4 emails');
    await chooseRange(page, 'Last 30 days', '30d');
    await expect(page.getByText(period(30))).toBeVisible();
    await expect(card(page, 'Mail Delivered')).toContainText('75.0%');
  });
});

test.describe('the analytics ranges over months of history (PostgreSQL)', () => {
  test.use({ baseURL: `http://localhost:${E2E_POSTGRES_PORT}` });

  /**
   * Mails a campaign sent days ago, as the engine records them, laid down with SQL: three delivered 20 days ago
   * (one answered), and five 200 days ago (four delivered); nothing in the last week.
   */
  async function seedHistory(userId: string, templateId: number) {
    const db = new pg.Client({ connectionString: await historyDatabaseUrl() });
    await db.connect();
    try {
      const daysAgo = (days: number) => DateTime.utc().minus({ days }).set({ hour: 12 }).toISO();
      const [{ id: campaignId }] = (
        await db.query(
          `INSERT INTO campaigns (user_id, template_id, status, finished_at) VALUES ($1, $2, 'completed', now())
           RETURNING id`,
          [userId, templateId],
        )
      ).rows;
      const mails = [
        ...[0, 1, 2].map((i) => ({ days: 20, state: 'sent', replied: i === 0 })),
        ...[0, 1, 2, 3, 4].map((i) => ({ days: 200, state: i === 4 ? 'failed' : 'sent', replied: false })),
      ];
      for (const [index, mail] of mails.entries()) {
        const [{ id: leadId }] = (
          await db.query('INSERT INTO leads (user_id, email) VALUES ($1, $2) RETURNING id', [
            userId,
            `history-${index}-${Date.now()}@leads.test`,
          ])
        ).rows;
        await db.query(
          `INSERT INTO campaign_recipients (campaign_id, user_id, lead_id, state, attempts, subject, claimed_at,
             sent_at, replied_at)
           VALUES ($1, $2, $3, $4, 1, 'Hello', $5, CASE WHEN $4 = 'sent' THEN $5::timestamptz END,
             CASE WHEN $6 THEN $5::timestamptz + interval '1 hour' END)`,
          [campaignId, userId, leadId, mail.state, daysAgo(mail.days), mail.replied],
        );
      }
    } finally {
      await db.end();
    }
  }

  test('the range select changes the figures, the chart and template performance', async ({ page }) => {
    await signUpViaApi(page.request);
    const userId: string = (await (await page.request.get('/api/auth/user')).json()).id;
    const template = await page.request.post('/api/templates', {
      data: { name: 'Spring Offer', subject: 'Hello', body: '<p>Hi</p>', status: 'active' },
    });
    expect(template.status(), await template.text()).toBe(201);
    await seedHistory(userId, (await template.json()).id);

    await page.goto('/analytics');
    await expect(page.getByRole('combobox', { name: 'Time range' })).toHaveText('Last 7 days');
    await expect(card(page, 'Mail Delivered')).toContainText('0 of 0 emails');
    await expect(page.getByText('No emails sent in this period')).toBeVisible();
    await expect(page.getByText('No template performance data')).toBeVisible();

    await chooseRange(page, 'Last 30 days', '30d');
    await expect(card(page, 'Mail Delivered')).toContainText('3 of 3 emails');
    await expect(card(page, 'Mail Responded')).toContainText('1 responded');
    await expect(card(page, 'Mail Responded')).toContainText('33.3%');
    await expect(page.getByRole('figure', { name: 'Daily activity chart' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: '3 sent · 33.3% response rate' })).toContainText(
      'Spring Offer',
    );

    await chooseRange(page, 'Last year', '1y');
    await expect(card(page, 'Mail Delivered')).toContainText('7 of 8 emails');
    await expect(card(page, 'Mail Delivered')).toContainText('87.5%');
    await expect(card(page, 'Mail Responded')).toContainText('14.3%');
    await expect(page.getByRole('listitem').filter({ hasText: '8 sent · 14.3% response rate' })).toContainText(
      'Spring Offer',
    );

    // Back to the first range: its answers are already in the page's cache, so no request need go out.
    await page.getByRole('combobox', { name: 'Time range' }).click();
    await page.getByRole('option', { name: 'Last 7 days', exact: true }).click();
    await expect(card(page, 'Mail Delivered')).toContainText('0 of 0 emails');
    await expect(page.getByText('No emails sent in this period')).toBeVisible();
  });
});
