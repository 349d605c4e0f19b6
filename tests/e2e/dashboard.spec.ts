import { expect, type Page, test } from '@playwright/test';
import { connectPeerMailbox, setPostalAddress, signUpViaApi, toastMessage } from './helpers';
import { mailPeers } from './mail-peers';

test.describe('sending a campaign from the dashboard (local SMTP and IMAP peers)', () => {
  test.describe.configure({ timeout: 90_000 });
  const peers = mailPeers();

  /** A mailbox on the peers, an Active week-1 template and 25 leads, set up through the API the screens use. */
  async function prepare(page: Page, label: string) {
    await signUpViaApi(page.request);
    await connectPeerMailbox(page.request, peers.smtp, peers.imap);
    const template = await page.request.post('/api/templates', {
      data: {
        name: 'Spring Intro',
        subject: 'Hello {firstName}',
        body: '<p>Hi {firstName}</p>',
        status: 'active',
        weekNumber: 1,
      },
    });
    expect(template.status()).toBe(201);
    const csvData = Array.from({ length: 25 }, (_, i) => ({
      email: `${label}-${i}@leads.test`,
      first_name: `Lead${i}`,
    }));
    expect((await page.request.post('/api/leads/upload-csv', { data: { csvData, firstRowNumber: 2 } })).ok()).toBe(
      true,
    );
  }

  async function choose(page: Page, label: string, option: RegExp | string) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  }

  const recipientCount = (page: Page) => page.getByRole('list', { name: 'Recipients' }).getByRole('listitem').first();

  test('a campaign is configured, sent to the next 20 leads and followed to the end', async ({ page }) => {
    await prepare(page, 'dash');

    // Sending waits for the postal address the footer needs; it is set in Settings.
    await page.goto('/settings');
    await page.getByLabel('Postal address').fill('12 Elm Street, Austin, TX 78701');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(toastMessage(page)).toContainText('Your profile has been updated successfully.');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mass Email Campaign' })).toBeVisible();
    const send = page.getByRole('button', { name: 'Send Mass Email' });
    await expect(send).toBeDisabled();

    // docs/product.md's label; the domain health note may follow it (the test mailbox's .test domain fails SPF and DMARC).
    await choose(page, 'Email Account', new RegExp(`^${peers.smtp.user.replace(/[.+]/g, '\\$&')} \\(0/300 today\\)`));
    await choose(page, 'Email Template', 'Spring Intro');
    await expect(send).toBeDisabled();
    await expect(page.getByRole('switch', { name: 'Track opens and clicks' })).toBeChecked();
    await page.getByRole('button', { name: 'Next 20' }).click();
    await expect(page.getByText('20 selected.')).toBeVisible();
    await expect(page.getByRole('definition').first()).toHaveText('20');

    await send.click();
    await expect(toastMessage(page)).toContainText('Mass email campaign started successfully');
    await expect(page.getByText('0 selected.')).toBeVisible();
    const progress = page.getByRole('status', { name: 'Campaign progress' });
    await expect(progress.getByText('Successfully sent 20 email(s) (0 failed)')).toBeVisible({ timeout: 30_000 });
    expect(peers.smtp.received.filter((mail) => mail.envelopeTo[0].startsWith('dash-'))).toHaveLength(20);
    await expect(page.getByRole('list', { name: 'Recent campaigns' })).toContainText('Spring Intro');
    // Without a reload, every figure the campaign changed is fresh: its row and the mailbox's count today.
    const row = page.getByRole('list', { name: 'Recent campaigns' }).getByRole('listitem').first();
    await expect(row).toContainText('20/20 sent');
    await expect(row).toContainText('Completed');
    await expect(page.getByRole('combobox', { name: 'Email Account' })).toContainText('(20/300 today)');

    // The sent-weeks filter: the 20 leads now carry week 1, the other 5 do not.
    await choose(page, 'Sent weeks', 'Sent week 1');
    await expect(recipientCount(page)).toHaveAttribute('aria-setsize', '20');
    await choose(page, 'Sent weeks', 'Not sent week 1');
    await expect(recipientCount(page)).toHaveAttribute('aria-setsize', '5');
    await choose(page, 'Sent weeks', 'Never sent');
    await expect(recipientCount(page)).toHaveAttribute('aria-setsize', '5');

    // The mails carry the open pixel; Apple Mail Privacy Protection fetching it is kept but not counted as an open.
    const sent = peers.smtp.received.find((mail) => mail.envelopeTo[0].startsWith('dash-'));
    const pixel = /<img src="([^"]+\/t\/o\/[^"]+)"/.exec(String(sent?.mail.html))?.[1];
    expect(pixel).toBeDefined();
    const fetched = await page.request.get(String(pixel), { headers: { 'user-agent': 'Mozilla/5.0' } });
    expect(fetched.headers()['content-type']).toBe('image/gif');
    await page.reload();
    await expect(
      page.getByText(
        'Of 20 delivered: opened by 0 (0.0%), clicked by 0 (0.0%). 1 automatic open or click was not counted (made by email privacy features and link checkers, not people).',
      ),
    ).toBeVisible();
    await expect(page.getByText(/machine/i)).toHaveCount(0);
  });

  for (const width of [390, 1366]) {
    test(`at ${width} px, a two-step sequence is built with a step condition, sent, and listed with its steps`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const label = `seq${width}`;
      await prepare(page, label);
      const followUp = await page.request.post('/api/templates', {
        data: { name: 'Check-in', subject: 'Any thoughts?', body: '<p>Hi again</p>', status: 'active', weekNumber: 2 },
      });
      expect(followUp.status()).toBe(201);
      await setPostalAddress(page.request);

      await page.goto('/');
      await choose(page, 'Email Account', new RegExp(peers.smtp.user));
      await choose(page, 'Email Template', 'Spring Intro');
      await page.getByRole('switch', { name: 'Send as a sequence' }).click();
      const steps = page.getByRole('list', { name: 'Sequence steps' });
      await expect(steps.getByRole('listitem').first()).toContainText('Spring Intro, sent at once');
      // The follow-up starts with the next template by week number, and waits the weekly default unless told.
      const stepTwo = steps.getByRole('listitem', { name: 'Step 2' });
      await expect(stepTwo.getByRole('combobox', { name: 'Template' })).toHaveText('Check-in');
      await expect(stepTwo.getByLabel('Delay (days)')).toHaveAttribute('placeholder', '7');
      await stepTwo.getByLabel('Reply in the same thread').check();
      // A follow-up goes to every lead unless told otherwise: here only to those who did not open step 1.
      const condition = stepTwo.getByRole('combobox', { name: 'Send' });
      await expect(condition).toHaveText('Always');
      await condition.click();
      await page.getByRole('option', { name: 'Only if not opened' }).click();
      await expect(condition).toHaveText('Only if not opened');
      await stepTwo.getByRole('button', { name: 'Add variant' }).click();
      await stepTwo.getByLabel('Subject').fill('Quick question, {firstName}');
      await stepTwo.getByLabel('Body').fill('<p>Did my note reach you?</p>');
      await page.getByRole('button', { name: 'Next 20' }).click();
      await expect(page.getByRole('definition').filter({ hasText: '2 steps, weekly (7 days apart)' })).toBeVisible();

      await page.getByRole('button', { name: 'Send Mass Email' }).click();
      await expect(toastMessage(page)).toContainText('Mass email campaign started successfully');

      // Step 1 goes to the 20 leads at once; step 2 is a week away.
      const campaign = page.getByRole('list', { name: 'Recent campaigns' }).getByRole('listitem').first();
      await expect(async () => {
        await page.reload();
        // A reload brings the screen's lazy code and its reads again: give it a few seconds on a busy machine.
        await expect(campaign).toContainText('Step 1 · Spring Intro · at once · 20 leads at step · 20 sent', {
          timeout: 5_000,
        });
      }).toPass({ timeout: 45_000 });
      expect(peers.smtp.received.filter((mail) => mail.envelopeTo[0].startsWith(`${label}-`))).toHaveLength(20);
      await expect(campaign).toContainText('Weekly sequence · Next send:');
      await expect(campaign).toContainText(
        'Step 2 · Check-in · 7 days later, same thread, only if not opened · 0 leads at step · 0 sent · 0 replies · 0 pending · 0 skipped',
      );
      const variants = campaign.getByRole('table', { name: 'Variants of step 2' });
      await expect(variants.getByRole('row')).toHaveCount(3);
      await expect(variants).toContainText('B: Quick question, {firstName}');
    });
  }

  test('a campaign the provider blocks pauses itself, says why, and resumes only when confirmed', async ({ page }) => {
    await prepare(page, 'brake');
    await setPostalAddress(page.request);
    await page.goto('/');
    await choose(page, 'Email Account', new RegExp(peers.smtp.user));
    await choose(page, 'Email Template', 'Spring Intro');
    await page.getByRole('button', { name: 'Next 20' }).click();
    // Microsoft's answer to a blocked sender, to the campaign's first mail.
    peers.smtp.failNextWith(550, '5.7.708 Service unavailable. Access denied, traffic not accepted from this IP.');
    await page.getByRole('button', { name: 'Send Mass Email' }).click();

    const progress = page.getByRole('status', { name: 'Campaign progress' });
    const reason =
      'Paused automatically: the mail provider refused sending with "550 5.7.708 Service unavailable. Access denied, traffic not accepted from this IP.". Wait a day before resuming.';
    await expect(progress.getByText(reason)).toBeVisible({ timeout: 30_000 });
    await expect(progress.getByText('Campaign paused', { exact: true })).toBeVisible();

    await progress.getByRole('button', { name: 'Resume' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resume this campaign?' });
    await expect(dialog).toContainText(reason);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(progress.getByText('Campaign paused', { exact: true })).toBeVisible();

    await progress.getByRole('button', { name: 'Resume' }).click();
    await dialog.getByRole('button', { name: 'Resume anyway' }).click();
    await expect(dialog).toBeHidden();
    await expect(progress.getByText('Successfully sent 20 email(s) (0 failed)')).toBeVisible({ timeout: 30_000 });
    expect(peers.smtp.received.filter((mail) => mail.envelopeTo[0].startsWith('brake-'))).toHaveLength(20);
  });

  test('the server’s refusal shows as a toast, and nothing is sent', async ({ page }) => {
    await prepare(page, 'noaddr');
    await page.goto('/');
    await choose(page, 'Email Account', new RegExp(peers.smtp.user));
    await choose(page, 'Email Template', 'Spring Intro');
    await page.getByRole('button', { name: 'Next 100' }).click();
    await expect(page.getByText('25 selected.')).toBeVisible();
    await page.getByRole('button', { name: 'Send Mass Email' }).click();
    await expect(toastMessage(page)).toContainText(
      'Add your postal address in Settings before sending: the law requires it in every marketing email',
    );
    await expect(page.getByText('25 selected.')).toBeVisible();
  });
});

test('the stock tip footer preview shows the current tip with its analysis cut at 100 characters', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/');
  const preview = page.getByRole('figure', { name: 'Stock tip footer' });
  await expect(page.getByText('No stock tip yet')).toBeVisible();
  await expect(preview).toHaveCount(0);

  const refreshed = await page.request.post('/api/stock-tip/refresh');
  expect(refreshed.status()).toBe(200);
  const tip = await refreshed.json();
  await page.reload();
  await expect(preview).toContainText(`${tip.symbol} $${Number(tip.currentPrice).toFixed(2)}`);
  await expect(preview).toContainText(tip.recommendation.toUpperCase());
  await expect(preview).toContainText('not financial advice');
  await expect(page.getByText('Sample data', { exact: true })).toBeVisible();
  const analysis = (await preview.locator('p').nth(1).textContent()) ?? '';
  expect(tip.aiAnalysis.length).toBeGreaterThan(100);
  expect(analysis).toBe(`${tip.aiAnalysis.slice(0, 100).trimEnd()}…`);
});
