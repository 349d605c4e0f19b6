import { expect, test } from '@playwright/test';
import { openConnectDialog } from './accounts-helpers';
import { adminUser } from './global-setup';
import { signUpViaApi, toastMessage } from './helpers';

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
