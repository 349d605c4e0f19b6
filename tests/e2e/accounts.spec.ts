import type { AddressInfo } from 'node:net';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { type DovecotServer, dovecotUnavailable, startDovecot } from '../../server/test/dovecot';
import { freePort } from '../../server/test/net';
import { adminUser } from './global-setup';
import { pressEscape, signUpViaApi, toastMessage } from './helpers';

type ReceivedMail = { envelopeFrom: string; from: string; to: string; subject: string; text: string };

const smtpLogin = { user: 'sender@shop.test', password: 'smtp-password' };
// Answered slowly, so "Testing connection..." stays up long enough to be seen.
const AUTH_DELAY_MS = 600;

/**
 * A plain SMTP peer on 127.0.0.1 that asks for a login and keeps every message it accepts. Its refusal text is
 * distinctive, so the test can tell the server passed the peer's own answer through.
 */
async function startSmtpPeer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: false,
    authMethods: ['PLAIN', 'LOGIN'],
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      setTimeout(() => {
        if (auth.username === smtpLogin.user && auth.password === smtpLogin.password) {
          callback(null, { user: auth.username });
        } else {
          callback(Object.assign(new Error('Mailbox password rejected by peer'), { responseCode: 535 }));
        }
      }, AUTH_DELAY_MS);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            from: mail.from?.text ?? '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The number a stat card shows, found by the card's label. */
function statValue(page: Page, label: string, value: string): Locator {
  return page
    .getByRole('region', { name: 'Account stats' })
    .getByText(label, { exact: true })
    .locator('..')
    .getByText(value, { exact: true });
}

async function openConnectDialog(page: Page, buttonName: string): Promise<Locator> {
  await page.getByRole('button', { name: buttonName }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Mailbox Provider Account' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseSecurity(group: Locator, option: 'SSL/TLS' | 'STARTTLS' | 'None') {
  await group.getByRole('combobox', { name: 'Security' }).click();
  // The options are rendered in a portal outside the dialog's group.
  await group.page().getByRole('option', { name: option }).click();
}

// While a modal dialog is open the page behind it, toasts included, is hidden from the accessibility tree.
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });

test('returning from the provider shows its toast and resets the address', async ({ page }) => {
  await signUpViaApi(page.request);

  await page.goto('/accounts?connected=true');
  await expect(toastMessage(page)).toContainText('Account Connected');
  await expect(toastMessage(page)).toContainText('Your account has been connected successfully!');
  await expect(page).toHaveURL(/\/accounts$/);

  await page.goto('/accounts?error=Denied%20by%20user');
  await expect(toastMessage(page)).toContainText('Connection Failed');
  await expect(toastMessage(page)).toContainText('Denied by user');
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Email Accounts' })).toBeVisible();
});

test('without client credentials Direct Connection greys the providers out and says why', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/accounts');
  const dialog = await openConnectDialog(page, 'Connect Account');

  await expect(dialog.getByRole('tab', { name: 'Direct Connection', selected: true })).toBeVisible();
  const outlook = dialog.getByRole('region', { name: 'Outlook / Microsoft 365' });
  await expect(outlook.getByRole('button', { name: 'Connect with Outlook' })).toBeDisabled();
  await expect(outlook).toContainText('Your administrator has not enabled Outlook sign-in yet.');
  const google = dialog.getByRole('region', { name: 'Google Workspace / Gmail' });
  await expect(google.getByRole('button', { name: 'Connect with Google' })).toBeDisabled();
  await expect(google).toContainText('Your administrator has not enabled Google sign-in yet.');
  // What to configure is for an admin only.
  await expect(dialog.getByText('Not configured on this server')).toHaveCount(0);
  await expect(dialog.getByText(/MS_CLIENT_ID|GOOGLE_CLIENT_ID|\/callback/)).toHaveCount(0);

  await expect(
    dialog.getByText('Sign in at Microsoft or Google with the mailbox you want to send from.'),
  ).toBeVisible();
  await expect(dialog.getByText(/Grant LocalReach permission to send and read mail/)).toBeVisible();
});

test('an admin is told which variables and redirect URIs Direct Connection needs', async ({ page, baseURL }) => {
  // Opened at another address of the same server: the redirect URI shown is still the server's PUBLIC_URL one.
  const otherAddress = String(baseURL).replace('localhost', '127.0.0.1');
  const signedIn = await page.request.post(`${otherAddress}/api/auth/login`, {
    data: { email: adminUser.email, password: adminUser.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await page.goto(`${otherAddress}/accounts`);
  const dialog = await openConnectDialog(page, 'Connect Account');

  const outlook = dialog.getByRole('region', { name: 'Outlook / Microsoft 365' });
  await expect(outlook.getByRole('button', { name: 'Connect with Outlook' })).toBeDisabled();
  await expect(outlook).toContainText('Not configured on this server');
  await expect(outlook).toContainText('Set MS_CLIENT_ID, MS_CLIENT_SECRET and MS_TENANT');
  await expect(outlook.getByText(`${baseURL}/api/outlook/callback`, { exact: true })).toBeVisible();

  const google = dialog.getByRole('region', { name: 'Google Workspace / Gmail' });
  await expect(google.getByRole('button', { name: 'Connect with Google' })).toBeDisabled();
  await expect(google).toContainText('Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
  await expect(google.getByText(`${baseURL}/api/gmail/callback`, { exact: true })).toBeVisible();
  await expect(dialog.getByText(/Your administrator has not enabled/)).toHaveCount(0);
});

test('the connect dialog keeps one height across its tabs', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/accounts');
  const dialog = await openConnectDialog(page, 'Connect Account');
  await expect(dialog.getByRole('button', { name: 'Connect with Outlook' })).toBeVisible();
  // The dialog zooms in as it opens, and its box is measured with that scale: measured mid-way it was 684 px of 688.
  await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  const height = async () => Math.round((await dialog.boundingBox())?.height ?? 0);
  const onDirectConnection = await height();
  expect(onDirectConnection).toBeGreaterThan(0);

  await dialog.getByRole('tab', { name: 'SMTP / IMAP' }).click();
  await expect(dialog.getByRole('button', { name: 'Test & Connect' })).toBeAttached();
  expect(await height()).toBe(onDirectConnection);

  await dialog.getByRole('tab', { name: 'Existing Connection' }).click();
  await expect(dialog.getByText('No Available Connections')).toBeVisible();
  expect(await height()).toBe(onDirectConnection);
});

test('Existing Connection says what it is for and when it will have something', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/accounts');
  const dialog = await openConnectDialog(page, 'Connect Account');
  await dialog.getByRole('tab', { name: 'Existing Connection' }).click();

  await expect(
    dialog.getByText('Link a mailbox you connected before to a new account, without signing in again.'),
  ).toBeVisible();
  await expect(dialog.getByText('No Available Connections')).toBeVisible();
  await expect(dialog.getByText(/You have no mailbox connections yet\./)).toContainText(
    'When you disconnect an account, its mailbox shows up here to link again.',
  );
});

test.describe('with local SMTP and IMAP peers', () => {
  const unavailable = dovecotUnavailable();
  test.skip(unavailable !== null && process.env.REQUIRE_ALL !== '1', `Dovecot IMAP: ${unavailable}`);
  // Real sign-ins to real mail servers, several times over: slower than the screens without mail.
  test.describe.configure({ timeout: 90_000 });

  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let imap: DovecotServer;

  test.beforeAll(async () => {
    [smtp, imap] = await Promise.all([startSmtpPeer(), startDovecot()]);
  });

  test.afterAll(async () => {
    await Promise.all([smtp?.stop(), imap?.stop()]);
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
    await expect(card).toContainText('0/300 today');
    // A new mailbox warms up (issue 14): 20 mails its first day, rising to its daily limit; a warm one skips it.
    await expect(card).toContainText('Day 1 of warm-up: 20 today, 300 from day 57');
    await card.getByRole('button', { name: 'Mark as warm' }).click();
    await expect(toastMessage(page)).toContainText('Marked as Warm');
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
    await card.getByRole('button', { name: 'Daily limit: 300' }).click();
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
    await expect(card.getByRole('button', { name: 'Daily limit: 120' })).toBeVisible();
    await card.getByRole('button', { name: 'Daily limit: 120' }).click();
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

  /** Connects the SMTP peer's mailbox, read over `mailbox`'s IMAP, through the API. */
  async function connectViaApi(page: Page, mailbox: DovecotServer) {
    const settings = (port: number, login: { user: string; password: string }) => ({
      host: '127.0.0.1',
      port,
      secure: false,
      ...login,
    });
    const connected = await page.request.post('/api/email-accounts/smtp', {
      data: {
        email: smtpLogin.user,
        smtp: settings(smtp.port, smtpLogin),
        imap: settings(mailbox.port, { user: mailbox.user, password: mailbox.password }),
      },
    });
    expect(connected.status(), await connected.text()).toBe(201);
  }

  test('the card says whether replies can be read from the mailbox', async ({ page }) => {
    // A Dovecot of its own, stopped halfway, so the other tests keep theirs.
    const mailbox = await startDovecot();
    try {
      await signUpViaApi(page.request);
      await connectViaApi(page, mailbox);

      // The reader starts on the mailbox as it is linked and reads it every few seconds (INBOX_POLL_SECONDS).
      await page.goto('/accounts');
      const card = page.getByRole('article', { name: smtpLogin.user });
      await expect(card.getByText(/^Replies (not checked yet|checked just now)$/)).toBeVisible();
      const showsAfterReload = (text: string | RegExp) =>
        expect(async () => {
          await page.reload();
          // The reloaded page's own time to show the card: over a second on a busy 2-core CI.
          await expect(card.getByText(text)).toBeVisible({ timeout: 5_000 });
        }).toPass({ timeout: 30_000 });
      await showsAfterReload('Replies checked just now');

      await mailbox.stop();
      await showsAfterReload(/^Replies cannot be read: .+/);
      await expect(card.getByText('Replies checked just now')).toHaveCount(0);
    } finally {
      await mailbox.stop();
    }
  });

  test('the card shows the sending domain’s health with what to fix, and the dashboard warns', async ({ page }) => {
    await signUpViaApi(page.request);
    await connectViaApi(page, imap);

    // shop.test is a reserved name: no MX, SPF, DKIM or DMARC anywhere (the test DNS server knows none of them).
    await page.goto('/accounts');
    const card = page.getByRole('article', { name: smtpLogin.user });
    const health = card.getByRole('region', { name: 'Domain health' });
    await health.getByRole('button', { name: 'Check again' }).click();
    await expect(toastMessage(page)).toContainText('Domain Checked');
    await expect(health).toContainText('Domain health: shop.test');
    await expect(health).toContainText(/Checked .+/);
    const row = (name: string) => health.getByRole('listitem').filter({ hasText: new RegExp(`^${name}`) });
    await expect(row('MX')).toContainText('Fail');
    await expect(row('MX')).toContainText('shop.test has no MX record: replies and bounces cannot reach you.');
    await expect(row('SPF')).toContainText('Fail');
    await expect(row('SPF')).toContainText('Add this TXT record at your DNS host: v=spf1 ip4:127.0.0.1 ~all');
    await expect(row('DKIM')).toContainText('No DKIM key found for shop.test');
    await expect(row('DMARC')).toContainText(
      'Add this TXT record at your DNS host, named _dmarc.shop.test: v=DMARC1; p=none; rua=mailto:dmarc@shop.test',
    );
    await expect(row('Blocklist')).toContainText('Pass');
    await expect(row('Blocklist')).toContainText('shop.test is not on the Spamhaus Domain Blocklist.');

    // The dashboard's account select says SPF and DMARC fail, and why that matters once it is chosen.
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Email Account' }).click();
    await page.getByRole('option', { name: /SPF and DMARC failing/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'SPF and DMARC fail for shop.test' })).toContainText(
      'receivers may reject or junk this mailbox',
    );
  });

  test('a refused SMTP port is reported once, in plain words first', async ({ page }) => {
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
    // The connection's own words follow the plain ones.
    await expect(dialog.getByRole('alert')).toContainText(`${plainWords} (SMTP: connect ECONNREFUSED`);
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
    await expect(smtpGroup.getByLabel('Port')).toHaveValue('25');
    await expect(smtpGroup.getByText(clearText)).toBeVisible();
    await expect(smtpGroup.getByText(clearText)).toContainText('usually port 25 or 1025');
    await smtpGroup.getByLabel('Port').fill(String(smtp.port));
    await dialog.getByRole('button', { name: 'Test & Connect' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(toastMessage(page)).toContainText('Account Connected');
    await expect(page.getByRole('article', { name: smtpLogin.user })).toBeVisible();
  });
});
