import { expect, test } from '@playwright/test';
import { openConnectDialog } from './accounts-helpers';
import { adminUser } from './global-setup';
import { pressEscape, signInViaApi, signUpViaApi, toastMessage } from './helpers';

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

// This test asserted that the dialog opened on Direct Connection and the words "…has not enabled
// Outlook sign-in yet."; without client credentials the dialog now opens on SMTP / IMAP, and says "sign-in with …".
test('without client credentials Direct Connection greys the providers out and says why', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/accounts');
  const dialog = await openConnectDialog(page, 'Connect Account');

  await dialog.getByRole('tab', { name: 'Direct Connection' }).click();
  const outlook = dialog.getByRole('region', { name: 'Outlook / Microsoft 365' });
  await expect(outlook.getByRole('button', { name: 'Connect with Outlook' })).toBeDisabled();
  await expect(outlook).toContainText('Your administrator has not enabled sign-in with Microsoft.');
  const google = dialog.getByRole('region', { name: 'Google Workspace / Gmail' });
  await expect(google.getByRole('button', { name: 'Connect with Google' })).toBeDisabled();
  await expect(google).toContainText('Your administrator has not enabled sign-in with Google.');
  // What to configure is for an admin only.
  await expect(dialog.getByText('Not configured on this server')).toHaveCount(0);
  await expect(dialog.getByText(/MS_CLIENT_ID|GOOGLE_CLIENT_ID|\/callback/)).toHaveCount(0);

  await expect(
    dialog.getByText('Sign in at Microsoft or Google with the mailbox you want to send from.'),
  ).toBeVisible();
  await expect(dialog.getByText(/Grant LocalReach permission to send and read mail/)).toBeVisible();
});

for (const width of [390, 1366]) {
  test(`at ${width} px, the connect dialog opens on the first way to connect this server offers`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUpViaApi(page.request);
    await page.goto('/accounts');
    // This server has no sign-in providers: the dialog opens where a mailbox can be connected.
    let dialog = await openConnectDialog(page, 'Connect First Account');
    await expect(dialog.getByRole('tab', { name: 'SMTP / IMAP', selected: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Test & Connect' })).toBeVisible();
    await expect(dialog.getByText(/MS_CLIENT_ID|GOOGLE_CLIENT_ID/)).toHaveCount(0);
    await pressEscape(page);
    await expect(dialog).toBeHidden();

    // A server with Google sign-in configured (its answer stood in for here) opens on Direct Connection.
    await page.route('**/api/email-accounts/providers', (route) =>
      route.fulfill({
        json: {
          outlook: { configured: false, redirectUri: 'http://localhost/api/outlook/callback' },
          gmail: { configured: true, redirectUri: 'http://localhost/api/gmail/callback' },
        },
      }),
    );
    await page.reload();
    dialog = await openConnectDialog(page, 'Connect First Account');
    await expect(dialog.getByRole('tab', { name: 'Direct Connection', selected: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Connect with Google' })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'Connect with Outlook' })).toBeDisabled();
  });

  test(`at ${width} px, a refused sign-in names settings to an admin only`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    // The providers' status unreadable: the buttons are offered and the server's answer tells why one cannot work.
    await page.route('**/api/email-accounts/providers', (route) => route.fulfill({ status: 500, json: {} }));
    await signUpViaApi(page.request);
    await page.goto('/accounts');
    let dialog = await openConnectDialog(page, 'Connect First Account');
    await dialog.getByRole('tab', { name: 'Direct Connection' }).click();
    await dialog.getByRole('button', { name: 'Connect with Outlook' }).click();
    // While the dialog is open the toast is hidden from the accessibility tree: it is found by its text.
    await expect(
      page.getByText('Your administrator has not enabled sign-in with Microsoft.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(/MS_CLIENT_ID|Details for the administrator/)).toHaveCount(0);

    await page.context().clearCookies();
    await signInViaApi(page.request, adminUser.email, adminUser.password);
    await page.goto('/accounts');
    dialog = await openConnectDialog(page, 'Connect Account');
    await dialog.getByRole('tab', { name: 'Direct Connection' }).click();
    await dialog.getByRole('button', { name: 'Connect with Google' }).click();
    await expect(
      page.getByText(
        `Sign-in with Google is not set up on this server. Details for the administrator: Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET and register ${baseURL}/api/gmail/callback as a redirect URI.`,
        { exact: true },
      ),
    ).toBeVisible();
  });
}

test('an admin is told which variables and redirect URIs Direct Connection needs', async ({ page, baseURL }) => {
  // Opened at another address of the same server: the redirect URI shown is still the server's PUBLIC_URL one.
  const otherAddress = String(baseURL).replace('localhost', '127.0.0.1');
  const signedIn = await page.request.post(`${otherAddress}/api/auth/login`, {
    data: { email: adminUser.email, password: adminUser.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await page.goto(`${otherAddress}/accounts`);
  const dialog = await openConnectDialog(page, 'Connect Account');
  // Without sign-in providers the dialog opens on SMTP / IMAP; the admin looks at Direct Connection.
  await dialog.getByRole('tab', { name: 'Direct Connection' }).click();

  const outlook = dialog.getByRole('region', { name: 'Outlook / Microsoft 365' });
  await expect(outlook.getByRole('button', { name: 'Connect with Outlook' })).toBeDisabled();
  await expect(outlook).toContainText('Not configured on this server');
  await expect(outlook).toContainText(
    'Details for the administrator: set MS_CLIENT_ID, MS_CLIENT_SECRET and MS_TENANT',
  );
  await expect(outlook.getByText(`${baseURL}/api/outlook/callback`, { exact: true })).toBeVisible();

  const google = dialog.getByRole('region', { name: 'Google Workspace / Gmail' });
  await expect(google.getByRole('button', { name: 'Connect with Google' })).toBeDisabled();
  await expect(google).toContainText('Details for the administrator: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
  await expect(google.getByText(`${baseURL}/api/gmail/callback`, { exact: true })).toBeVisible();
  await expect(dialog.getByText(/Your administrator has not enabled/)).toHaveCount(0);
});

test('the connect dialog keeps one height across its tabs', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/accounts');
  const dialog = await openConnectDialog(page, 'Connect Account');
  // The dialog now opens on SMTP / IMAP here (no sign-in provider is configured).
  await dialog.getByRole('tab', { name: 'Direct Connection' }).click();
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
