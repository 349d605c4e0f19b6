import { expect, type Locator, type Page, test } from '@playwright/test';
import type { DovecotServer } from '../../server/test/dovecot';
import { freePort } from '../../server/test/net';
import { openConnectDialog, type SmtpPeer, smtpLogin, useMailPeers } from './accounts-helpers';
import { pressEscape, signUpViaApi, toastMessage } from './helpers';

/** The number a stat card shows, found by the card's label. */
function statValue(page: Page, label: string, value: string): Locator {
  return page
    .getByRole('region', { name: 'Account stats' })
    .getByText(label, { exact: true })
    .locator('..')
    .getByText(value, { exact: true });
}

async function chooseSecurity(group: Locator, option: 'SSL/TLS' | 'STARTTLS' | 'None') {
  await group.getByRole('combobox', { name: 'Security' }).click();
  // The options are rendered in a portal outside the dialog's group.
  await group.page().getByRole('option', { name: option }).click();
}

// While a modal dialog is open the page behind it, toasts included, is hidden from the accessibility tree.
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });

test.describe('with local SMTP and IMAP peers', () => {
  let smtp: SmtpPeer;
  let imap: DovecotServer;
  useMailPeers((started) => {
    ({ smtp, imap } = started);
  });

  /** Fills the SMTP / IMAP tab as a person would: plain SMTP on the peer's port, IMAP edited to Dovecot's. */
  async function fillMailboxForm(dialog: Locator, smtpPassword: string) {
    await dialog.getByRole('tab', { name: 'SMTP / IMAP' }).click();
    await dialog.getByLabel('Email', { exact: true }).fill(smtpLogin.user);
    await dialog.getByLabel('Display name').fill('Sam Sender');

    const smtpGroup = dialog.getByRole('group', { name: 'SMTP (outgoing mail)' });
    await smtpGroup.getByLabel('Host').fill('127.0.0.1');
    await chooseSecurity(smtpGroup, 'STARTTLS');
    await expect(smtpGroup.getByLabel('Port')).toHaveValue('587');
    await smtpGroup.getByLabel('Port').fill(String(smtp.port));
    await smtpGroup.getByLabel('Username').fill(smtpLogin.user);
    await smtpGroup.getByLabel('Password').fill(smtpPassword);

    const imapGroup = dialog.getByRole('group', { name: 'IMAP (incoming mail)' });
    await expect(imapGroup).toContainText('127.0.0.1, port 993 with SSL/TLS, same username and password.');
    await imapGroup.getByRole('switch', { name: 'Same as SMTP' }).click();
    // Editing starts from the defaults.
    await expect(imapGroup.getByLabel('Host')).toHaveValue('127.0.0.1');
    await expect(imapGroup.getByLabel('Port')).toHaveValue('993');
    await chooseSecurity(imapGroup, 'STARTTLS');
    await expect(imapGroup.getByLabel('Port')).toHaveValue('143');
    await imapGroup.getByLabel('Port').fill(String(imap.port));
    await imapGroup.getByLabel('Username').fill(imap.user);
    await imapGroup.getByLabel('Password').fill(imap.password);
  }

  test('a mailbox is connected, tested, disconnected and linked again', async ({ page }) => {
    await signUpViaApi(page.request);
    await page.goto('/accounts');
    await expect(page.getByRole('heading', { level: 1, name: 'Email Accounts' })).toBeVisible();
    await expect(page.getByText('No accounts connected')).toBeVisible();
    await expect(page.getByText('Connect your first mailbox provider account to start sending emails')).toBeVisible();
    await expect(statValue(page, 'Connected Accounts', '0')).toBeVisible();

    // A wrong password: the peer's own refusal shows in the dialog, and nothing typed is lost.
    const dialog = await openConnectDialog(page, 'Connect First Account');
    await fillMailboxForm(dialog, 'wrong-password');
    await dialog.getByRole('button', { name: 'Test & Connect' }).click();
    await expect(dialog.getByRole('button', { name: 'Testing connection...' })).toBeDisabled();
    await expect(dialog.getByRole('alert')).toContainText('Mailbox password rejected by peer', { timeout: 20_000 });
    await expect(toastText(page, 'Connection Failed')).toBeVisible();
    await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue(smtpLogin.user);
    const imapGroup = dialog.getByRole('group', { name: 'IMAP (incoming mail)' });
    await expect(imapGroup.getByLabel('Port')).toHaveValue(String(imap.port));

    const smtpGroup = dialog.getByRole('group', { name: 'SMTP (outgoing mail)' });
    await smtpGroup.getByLabel('Password').fill(smtpLogin.password);
    await dialog.getByRole('button', { name: 'Test & Connect' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(toastMessage(page)).toContainText('Account Connected');
    await expect(toastMessage(page)).toContainText('Your account has been connected successfully.');

    const card = page.getByRole('article', { name: smtpLogin.user });
    await expect(card).toContainText('Sam Sender');
    await expect(card).toContainText('SMTP / IMAP');
    await expect(card.getByText('active', { exact: true })).toBeVisible();
    // A new mailbox warms up: 20 mails its first day, rising to its daily limit. Its day shows one figure, today's
    // limit, and the warm-up as its reason, with the way to skip it.
    await expect(card).toContainText('0/20 today');
    await expect(card).toContainText('Warm-up day 1: 20 a day, rising to your daily limit of 300 by day 57');
    await expect(card).not.toContainText('/300 today');
    await expect(card.getByRole('button', { name: 'Mark as warm' })).toBeVisible();
    // The dashboard shows the same figure and reason, and marks it warm in one click.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const accountSelect = page.getByRole('combobox', { name: 'Email Account' });
    await expect(accountSelect).toContainText('(0/20 today, warm-up day 1)');
    await expect(page.getByText(`${smtpLogin.user} can send 20 more today (warm-up day 1: 20 a day)`)).toBeVisible();
    await page.getByRole('button', { name: 'Mark as warm' }).click();
    await expect(toastMessage(page)).toContainText('Marked as Warm');
    await expect(accountSelect).toContainText('(0/300 today)');
    await expect(page.getByText(`${smtpLogin.user} can send 300 more today (daily limit: 300)`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as warm' })).toBeHidden();
    await page.goto('/accounts');
    await expect(card).toContainText('0/300 today');
    await expect(card).not.toContainText('warm-up');
    await expect(card.getByRole('button', { name: 'Mark as warm' })).toBeHidden();
    await expect(card.getByText('Last Reset').locator('..')).toContainText('Never');
    const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
    await expect(card.getByText('Connected', { exact: true }).locator('..')).toContainText(today);
    await expect(statValue(page, 'Connected Accounts', '1')).toBeVisible();
    await expect(statValue(page, 'Active Status', '1')).toBeVisible();
    await expect(page.getByText('accounts online')).toBeVisible();
    await expect(statValue(page, "Today's Sent", '0')).toBeVisible();
    await expect(statValue(page, 'Weekly Volume', '0')).toBeVisible();

    // A test email goes out through the peer, from the mailbox.
    await card.getByRole('button', { name: 'Send test email' }).click();
    await page.getByLabel('Send a test email to').fill('owner@elsewhere.test');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(toastMessage(page)).toContainText('Test Email Sent');
    await expect(toastMessage(page)).toContainText('Test email sent to owner@elsewhere.test');
    const sentToOwner = () => smtp.received.filter((mail) => mail.to === 'owner@elsewhere.test');
    await expect.poll(() => sentToOwner().length).toBe(1);
    const [testMail] = sentToOwner();
    expect(testMail.envelopeFrom).toBe(smtpLogin.user);
    expect(testMail.from).toContain(smtpLogin.user);
    expect(testMail.from).toContain('Sam Sender');
    expect(testMail.subject).toBe('LocalReach test email');
    // A test send counts against the day, and the screen shows it.
    await expect(card).toContainText('1/300 today');
    await expect(statValue(page, "Today's Sent", '1')).toBeVisible();
    await expect(statValue(page, 'Weekly Volume', '1')).toBeVisible();

    // The daily limit is edited in place.
    await card.getByRole('button', { name: 'Change limit' }).click();
    await page.getByLabel('Daily sending limit').fill('120');
    await expect(page.getByLabel('Emails per minute')).toHaveValue('30');
    await page.getByLabel('Emails per minute').fill('2000');
    await page.getByRole('button', { name: 'Save Limit' }).click();
    await expect(page.getByText('The pace can be at most 1000 emails a minute')).toBeVisible();
    await page.getByLabel('Emails per minute').fill('12');
    await page.getByRole('button', { name: 'Save Limit' }).click();
    await expect(card).toContainText(/\d+\/120 today/);
    // Saved, the popover closes; it is opened again once it has gone, so the click does not land on it closing.
    await expect(page.getByLabel('Daily sending limit')).toBeHidden();
    await card.getByRole('button', { name: 'Change limit' }).click();
    await expect(page.getByLabel('Emails per minute')).toHaveValue('12');
    await pressEscape(page);

    // Its connection is linked, so the integration tab has nothing free to offer.
    let integration = await openConnectDialog(page, 'Connect Account');
    await integration.getByRole('tab', { name: 'Existing Connection' }).click();
    const linkedOption = integration.getByRole('radio', { name: new RegExp(smtpLogin.user) });
    await expect(linkedOption).toBeDisabled();
    await expect(integration.getByText('Already linked')).toBeVisible();
    await expect(integration.getByText('No Available Connections')).toBeVisible();
    await integration.getByRole('button', { name: 'Close' }).click();

    // Disconnect asks first; dismissing keeps the account.
    const confirmText = `Are you sure you want to disconnect ${smtpLogin.user}? This action cannot be undone.`;
    page.once('dialog', async (confirm) => {
      expect(confirm.message()).toBe(confirmText);
      await confirm.dismiss();
    });
    await card.getByRole('button', { name: `Disconnect ${smtpLogin.user}` }).click();
    await expect(card).toBeVisible();
    page.once('dialog', (confirm) => confirm.accept());
    await card.getByRole('button', { name: `Disconnect ${smtpLogin.user}` }).click();
    await expect(toastMessage(page)).toContainText('Account Disconnected');
    await expect(toastMessage(page)).toContainText('Email account has been disconnected successfully.');
    await expect(page.getByText('No accounts connected')).toBeVisible();
    await expect(statValue(page, 'Connected Accounts', '0')).toBeVisible();

    // The connection was kept: it is linked again from the integration tab.
    integration = await openConnectDialog(page, 'Connect First Account');
    await integration.getByRole('tab', { name: 'Existing Connection' }).click();
    await integration.getByRole('button', { name: 'Link Selected Connection' }).click();
    await expect(toastText(page, 'No Connection Selected')).toBeVisible();
    await expect(toastText(page, 'Please select an Outlook-type connection to link.')).toBeVisible();
    const freeOption = integration.getByRole('radio', { name: new RegExp(smtpLogin.user) });
    await expect(freeOption).toBeEnabled();
    await freeOption.click();
    await expect(integration.getByPlaceholder('e.g., Sales Account')).toBeVisible();
    await integration.getByLabel('Account Name (Optional)').fill('Sales Account');
    await integration.getByRole('button', { name: 'Link Selected Connection' }).click();
    await expect(integration).toBeHidden();
    await expect(toastMessage(page)).toContainText('Your account has been connected successfully.');
    const relinked = page.getByRole('article', { name: smtpLogin.user });
    await expect(relinked).toContainText('Sales Account');
    await expect(statValue(page, 'Connected Accounts', '1')).toBeVisible();
  });

  test('a refused SMTP port is reported once, in plain words, the socket’s code for the administrator only', async ({
    page,
  }) => {
    await signUpViaApi(page.request);
    await page.goto('/accounts');
    const dialog = await openConnectDialog(page, 'Connect First Account');
    await fillMailboxForm(dialog, smtpLogin.password);
    const smtpGroup = dialog.getByRole('group', { name: 'SMTP (outgoing mail)' });
    const closedPort = await freePort();
    await smtpGroup.getByLabel('Port').fill(String(closedPort));
    await dialog.getByRole('button', { name: 'Test & Connect' }).click();
    const plainWords = `Nothing answered at 127.0.0.1 port ${closedPort}: check the host and port.`;
    await expect(dialog.getByRole('alert')).toContainText(plainWords, { timeout: 20_000 });
    // The connection's own words (a socket error's code) are for the administrator only; this user is not one.
    await expect(dialog.getByRole('alert')).not.toContainText('ECONNREFUSED');
    await expect(dialog.getByRole('alert')).not.toContainText('Details for the administrator');
    await expect(toastText(page, 'Connection Failed')).toBeVisible();
    await expect(toastText(page, 'The answer is shown in the dialog.')).toBeVisible();
    await expect(page.getByText(/Nothing answered at/)).toHaveCount(1);
    await expect(page.getByText('No accounts connected')).toBeVisible();
  });

  test('security None warns that the password travels in clear text and connects to a plain relay', async ({
    page,
  }) => {
    await signUpViaApi(page.request);
    await page.goto('/accounts');
    const dialog = await openConnectDialog(page, 'Connect First Account');
    await fillMailboxForm(dialog, smtpLogin.password);
    const smtpGroup = dialog.getByRole('group', { name: 'SMTP (outgoing mail)' });
    const clearText = /Without security the password and every message travel in clear text\./;
    await expect(smtpGroup.getByText(clearText)).toHaveCount(0);

    await chooseSecurity(smtpGroup, 'None');
    // This asserted the typed port turned into 25; a port the user typed now stays as typed.
    await expect(smtpGroup.getByLabel('Port')).toHaveValue(String(smtp.port));
    await expect(smtpGroup.getByText(clearText)).toBeVisible();
    await expect(smtpGroup.getByText(clearText)).toContainText('usually port 25 or 1025');
    await dialog.getByRole('button', { name: 'Test & Connect' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(toastMessage(page)).toContainText('Account Connected');
    await expect(page.getByRole('article', { name: smtpLogin.user })).toBeVisible();
  });

  for (const width of [390, 1366]) {
    test(`at ${width} px, a send-only mailbox is connected without IMAP, and says replies are not read`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signUpViaApi(page.request);
      await page.goto('/accounts');
      let dialog = await openConnectDialog(page, 'Connect First Account');
      await dialog.getByRole('tab', { name: 'SMTP / IMAP' }).click();
      await dialog.getByLabel('Email', { exact: true }).fill(smtpLogin.user);
      const smtpGroup = dialog.getByRole('group', { name: 'SMTP (outgoing mail)' });
      await smtpGroup.getByLabel('Host').fill('127.0.0.1');
      await chooseSecurity(smtpGroup, 'None');
      await smtpGroup.getByLabel('Port').fill(String(smtp.port));
      await smtpGroup.getByLabel('Password').fill(smtpLogin.password);

      const imapGroup = dialog.getByRole('group', { name: 'IMAP (incoming mail)' });
      const readReplies = imapGroup.getByRole('switch', { name: 'Also read replies (IMAP)' });
      await expect(readReplies).toBeChecked();
      await readReplies.click();
      await expect(imapGroup.getByRole('switch', { name: 'Same as SMTP' })).toHaveCount(0);
      await expect(imapGroup).toContainText(
        'Replies and bounces will not be read from this mailbox: only sending is set up.',
      );
      await dialog.getByRole('button', { name: 'Test & Connect' }).click();
      await expect(dialog).toBeHidden({ timeout: 20_000 });
      await expect(toastMessage(page)).toContainText('Account Connected');

      const card = page.getByRole('article', { name: smtpLogin.user });
      const notRead =
        'Replies and bounces are not read for this mailbox. To read them, connect it again with its IMAP settings.';
      await expect(card).toContainText(notRead);
      // It is never read, so it never shows a reading error either.
      await page.reload();
      await expect(card).toContainText(notRead);
      await expect(card.getByText(/Replies cannot be read/)).toHaveCount(0);

      // Reconnected with IMAP settings, it is read from then on.
      dialog = await openConnectDialog(page, 'Connect Account');
      await fillMailboxForm(dialog, smtpLogin.password);
      await expect(dialog.getByRole('switch', { name: 'Also read replies (IMAP)' })).toBeChecked();
      await dialog.getByRole('button', { name: 'Test & Connect' }).click();
      await expect(dialog).toBeHidden({ timeout: 20_000 });
      await expect(card).not.toContainText(notRead);
      await expect(card).toContainText(/Replies (not checked yet|checked just now)/);
    });

    test(`at ${width} px, choosing a security keeps a typed port, and the error names it`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signUpViaApi(page.request);
      await page.goto('/accounts');
      const dialog = await openConnectDialog(page, 'Connect First Account');
      await dialog.getByRole('tab', { name: 'SMTP / IMAP' }).click();
      await dialog.getByLabel('Email', { exact: true }).fill(smtpLogin.user);
      const smtpGroup = dialog.getByRole('group', { name: 'SMTP (outgoing mail)' });
      await smtpGroup.getByLabel('Host').fill('127.0.0.1');
      await smtpGroup.getByLabel('Password').fill(smtpLogin.password);
      // Still at a usual port, the port follows the security chosen.
      await chooseSecurity(smtpGroup, 'STARTTLS');
      await expect(smtpGroup.getByLabel('Port')).toHaveValue('587');
      await chooseSecurity(smtpGroup, 'None');
      await expect(smtpGroup.getByLabel('Port')).toHaveValue('25');
      await chooseSecurity(smtpGroup, 'SSL/TLS');
      await expect(smtpGroup.getByLabel('Port')).toHaveValue('465');
      // Typed, it stays whatever is chosen.
      const closedPort = await freePort();
      await smtpGroup.getByLabel('Port').fill(String(closedPort));
      await chooseSecurity(smtpGroup, 'None');
      await expect(smtpGroup.getByLabel('Port')).toHaveValue(String(closedPort));

      const imapGroup = dialog.getByRole('group', { name: 'IMAP (incoming mail)' });
      await imapGroup.getByRole('switch', { name: 'Same as SMTP' }).click();
      await imapGroup.getByLabel('Port').fill('993');
      await chooseSecurity(imapGroup, 'STARTTLS');
      await expect(imapGroup.getByLabel('Port')).toHaveValue('143');
      await imapGroup.getByLabel('Port').fill('993');
      await chooseSecurity(imapGroup, 'None');
      await expect(imapGroup.getByLabel('Port')).toHaveValue('993');
      await imapGroup.getByRole('switch', { name: 'Also read replies (IMAP)' }).click();

      await dialog.getByRole('button', { name: 'Test & Connect' }).click();
      await expect(dialog.getByRole('alert')).toContainText(`Nothing answered at 127.0.0.1 port ${closedPort}`, {
        timeout: 20_000,
      });
    });
  }
});
