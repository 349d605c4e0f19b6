import { expect, test } from '@playwright/test';
import { adminUser } from './global-setup';
import { signInViaApi, signUpViaApi, toastMessage, uniqueEmail } from './helpers';
import { inviteOnlyURL } from './invite-only';

test('a user without the admin flag sees Access Denied, and the server refuses them too', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You do not have permission to access this page.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);
});

test('the admin sees every user and resets a password through the dialog', async ({ page, request }) => {
  const target = await signUpViaApi(request, { firstName: 'Rita', lastName: 'Reset' });
  await signInViaApi(page.request, adminUser.email, adminUser.password);
  await page.goto('/admin');

  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Registered accounts')).toBeVisible();
  await expect(page.getByText('Across all users')).toBeVisible();
  await expect(page.getByText('Email Marketing Strategy Analysis')).toBeVisible();
  await expect(page.getByText('User Activity & Performance')).toBeVisible();
  for (const column of ['User', 'Leads', 'Campaigns', 'Emails Sent', 'Open Rate', 'Last Campaign', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }

  const adminRow = page.getByRole('row').filter({ hasText: 'Ada Admin' });
  await expect(adminRow.getByText('Admin', { exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: target.email });
  await expect(row.getByText('Rita Reset')).toBeVisible();
  await expect(row.getByText('0 active')).toBeVisible();
  await expect(row.getByText('Never')).toBeVisible();
  await expect(row.getByText('Admin', { exact: true })).toHaveCount(0);

  // Too short: docs/product.md §5's message, nothing sent.
  await row.getByRole('button', { name: 'Reset Password' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Reset User Password' })).toBeVisible();
  await expect(dialog.getByText(`Set a new password for ${target.email}`)).toBeVisible();
  const password = dialog.getByPlaceholder('Enter new password (min 6 characters)');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(dialog.getByText('Please enter a new password')).toBeVisible();
  await password.fill('12345');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(dialog.getByText('Password must be at least 6 characters long')).toBeVisible();

  // Cancelling clears the password.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await row.getByRole('button', { name: 'Reset Password' }).click();
  await expect(password).toHaveValue('');

  await password.fill('rita-new-password');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toastMessage(page).filter({ hasText: 'Password reset successfully' })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The new password signs in; the old one no longer does.
  const oldLogin = await request.post('/api/auth/login', { data: { email: target.email, password: target.password } });
  expect(oldLogin.status()).toBe(401);
  const newLogin = await request.post('/api/auth/login', {
    data: { email: target.email, password: 'rita-new-password' },
  });
  expect(newLogin.status()).toBe(200);
});

test('the admin makes another user an admin and takes it back', async ({ page, request }) => {
  const target = await signUpViaApi(request, { firstName: 'Omar', lastName: 'Owner' });
  await signInViaApi(page.request, adminUser.email, adminUser.password);
  await page.goto('/admin');
  const row = page.getByRole('row').filter({ hasText: target.email });

  await row.getByRole('button', { name: 'Make Admin' }).click();
  await expect(toastMessage(page).filter({ hasText: 'Omar Owner is now an admin.' })).toBeVisible();
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Remove Admin' }).click();
  await expect(toastMessage(page).filter({ hasText: 'Omar Owner is no longer an admin.' })).toBeVisible();
  await expect(row.getByText('Admin', { exact: true })).toHaveCount(0);
});

test('without billing configured, the admin sets a user to Active and the table shows it', async ({
  page,
  request,
}) => {
  const target = await signUpViaApi(request, { firstName: 'Sam', lastName: 'Subscriber' });
  await signInViaApi(page.request, adminUser.email, adminUser.password);
  await page.goto('/admin');
  const row = page.getByRole('row').filter({ hasText: target.email });
  await expect(row.getByText('Subscription: trial')).toBeVisible();

  await row.getByRole('button', { name: 'Subscription' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Set Subscription' })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Active' }).click();
  await expect(dialog.getByLabel('Paid until')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(toastMessage(page).filter({ hasText: "Sam Subscriber's subscription is now active." })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Subscription: active')).toBeVisible();
  // The user's own account says so too.
  const me = await request.get('/api/auth/user');
  expect((await me.json()).subscriptionStatus).toBe('active');
});

test('on an open server, the admin page says anyone can sign up and lists no pending invitations', async ({ page }) => {
  await signInViaApi(page.request, adminUser.email, adminUser.password);
  await page.goto('/admin');
  await expect(page.getByText('Invitations', { exact: true })).toBeVisible();
  await expect(page.getByText('Anyone can sign up on this server.', { exact: false })).toBeVisible();
  await expect(page.getByText('No pending invitations')).toBeVisible();
});

for (const width of [390, 1366]) {
  test(`at ${width} px, the admin of an invite-only server invites an address, passes its link on, sees it pending and revokes it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    // The server where sign-up is by invitation and no mail can be sent (tests/e2e/invite-only-server.ts).
    const signedIn = await page.request.post(`${inviteOnlyURL}/api/auth/login`, {
      data: { email: adminUser.email, password: adminUser.password },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    await page.goto(`${inviteOnlyURL}/admin`);
    await expect(page.getByText('Sign-up on this server is by invitation only', { exact: false })).toBeVisible();
    await expect(
      page.getByText('This server cannot send email: you get a link to copy and pass on yourself.'),
    ).toBeVisible();

    const invitee = uniqueEmail(`invitee-${width}`);
    await page.getByLabel('Email address to invite').fill(invitee);
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(
      page.getByText(
        `This server cannot send email. Copy the link and pass it on to ${invitee}: it works once, for 7 days.`,
      ),
    ).toBeVisible();
    const link = page.getByLabel(`Invitation link for ${invitee}`);
    await expect(link).toHaveValue(new RegExp(`^${inviteOnlyURL}/signup\\?invitation=[\\w-]+&email=`));
    const copy = await page.getByRole('button', { name: 'Copy Link' }).boundingBox();
    expect(copy && copy.x + copy.width).toBeLessThanOrEqual(width);

    const pending = page
      .getByRole('list', { name: 'Pending invitations' })
      .getByRole('listitem')
      .filter({ hasText: invitee });
    await expect(pending).toContainText(`Invited by ${adminUser.email}`);
    await expect(pending).toContainText('Expires');

    await pending.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(toastMessage(page).filter({ hasText: `The invitation to ${invitee} was revoked.` })).toBeVisible();
    await expect(pending).toHaveCount(0);
  });
}
