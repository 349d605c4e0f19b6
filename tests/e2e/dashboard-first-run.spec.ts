import { expect, type Page, test } from '@playwright/test';
import { connectPeerMailbox, signUpViaApi, toastMessage } from './helpers';
import { mailPeers } from './mail-peers';

// A new user's first campaign: what is missing is said on the dashboard before Send, with a link to fix each, the
// only mailbox and template are chosen already, and what was set up survives a trip to Settings.
const steps = (page: Page) => page.getByRole('list', { name: 'Ready to send' });

test.describe('the dashboard on a new user’s first day (local SMTP and IMAP peers)', () => {
  test.describe.configure({ timeout: 90_000 });
  const peers = mailPeers();

  for (const width of [390, 1366]) {
    test(`says what is missing before Send, chooses the only options and keeps them, at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signUpViaApi(page.request);
      await page.goto('/');

      // Nothing set up yet: every step is missing, each with its link; the recipients card offers an import.
      await expect(steps(page).getByRole('listitem')).toHaveCount(5, { timeout: 20_000 });
      await expect(steps(page)).toContainText('A mailbox to send from: missing');
      await expect(steps(page).getByRole('link', { name: 'Connect a mailbox' })).toHaveAttribute('href', '/accounts');
      await expect(steps(page).getByRole('link', { name: 'Add it in Settings' })).toHaveAttribute('href', '/settings');
      await expect(steps(page).getByRole('link', { name: 'Write or activate a template' })).toBeVisible();
      await expect(steps(page).getByRole('link', { name: 'Import leads' })).toBeVisible();
      await expect(page.getByText('No leads yet.')).toBeVisible();
      await expect(page.getByText('No active leads match this filter.')).toHaveCount(0);

      // A mailbox, one Active template and leads, as the other screens make them.
      await connectPeerMailbox(page.request, peers.smtp, peers.imap);
      const template = await page.request.post('/api/templates', {
        data: { name: 'First Hello', subject: 'Hello {firstName}', body: '<p>Hi</p>', status: 'active' },
      });
      expect(template.status()).toBe(201);
      const csvData = Array.from({ length: 30 }, (_, i) => ({ email: `first-${width}-${i}@leads.test` }));
      expect((await page.request.post('/api/leads/upload-csv', { data: { csvData, firstRowNumber: 2 } })).ok()).toBe(
        true,
      );
      await page.reload();

      // One mailbox and one template: both are chosen; only the postal address (and the test domain) remain.
      await expect(page.getByRole('combobox', { name: 'Email Account' })).toContainText(peers.smtp.user);
      await expect(page.getByRole('combobox', { name: 'Email Template' })).toContainText('First Hello');
      await expect(steps(page)).toContainText('A mailbox to send from: done');
      await expect(steps(page)).toContainText('which the law requires in every marketing email: missing');
      await page.getByRole('button', { name: 'Next 20' }).click();
      await expect(page.getByText('20 selected.')).toBeVisible();

      // To Settings for the postal address and back: the choices and the 20 recipients are still there.
      await steps(page).getByRole('link', { name: 'Add it in Settings' }).click();
      await page.getByLabel('Postal address').fill('12 Elm Street, Austin, TX 78701');
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await expect(toastMessage(page)).toBeVisible();
      await page.goBack();
      await expect(page.getByText('20 selected.')).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Email Template' })).toContainText('First Hello');
      // The postal address is no longer missing (the list goes once nothing is: the test domain's checks may pass).
      await expect(page.getByRole('button', { name: 'Send Mass Email' })).toBeEnabled();
      await expect(page.getByText('which the law requires in every marketing email: missing')).toHaveCount(0);
    });
  }
});
