import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import Stripe from 'stripe';
import { adminUser, supportEmail } from './global-setup';
import { signIn, signInViaApi, signUpViaApi, toastMessage } from './helpers';

/** The e2e server's STRIPE_WEBHOOK_SECRET (playwright.config.ts webServer.env): the spec signs as Stripe does. */
const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_localreach';
const DAY = 86_400_000;

/** Opens a tab of the Settings screen as a person does. */
async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

/** Delivers a Stripe event to the server's webhook, signed over its exact bytes. */
async function deliverStripeEvent(request: APIRequestContext, type: string, object: object) {
  const payload = JSON.stringify({
    id: `evt_e2e_${Date.now()}_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
  const response = await request.post('/api/webhooks/stripe', {
    data: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A user who paid through the payment link (a one-off payment: no Stripe subscription to cancel at Stripe). */
async function payViaStripe(page: Page, customer: string) {
  const { id } = await (await page.request.get('/api/auth/user')).json();
  await deliverStripeEvent(page.request, 'checkout.session.completed', {
    id: `cs_${customer}`,
    object: 'checkout.session',
    client_reference_id: id,
    customer,
    subscription: null,
    payment_status: 'paid',
  });
}

test('the administrator sees which AI writes the drafts, the server settings only under their own line', async ({
  page,
}) => {
  await signInViaApi(page.request, adminUser.email, adminUser.password);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await openTab(page, 'Mailbox defaults');
  await expect(page.getByText('AI provider', { exact: true })).toBeVisible();
  // The e2e server has no AI_BASE_URL / AI_API_KEY: the built-in writer drafts.
  await expect(page.getByText('Drafts are written by the built-in offline writer.')).toBeVisible();
  await expect(page.getByText('For better drafts, connect the server to an AI provider')).toBeVisible();
  await expect(page.getByRole('note', { name: 'Details for the administrator' })).toContainText(
    "Set AI_BASE_URL, AI_API_KEY and AI_MODEL in the server's environment and restart it.",
  );
  // The plain words name no setting.
  await expect(page.getByText('For better drafts, connect the server to an AI provider')).not.toContainText('AI_');
});

test('an ordinary user does not see the AI provider card', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await openTab(page, 'Mailbox defaults');
  await expect(page.getByText('Booking links', { exact: true })).toBeVisible();
  await expect(page.getByText('AI provider', { exact: true })).toHaveCount(0);
  await expect(page.getByText(/AI_BASE_URL/)).toHaveCount(0);
});

test('a booking link is checked, added, saved with the mailbox defaults, kept after a reload, and removed', async ({
  page,
}) => {
  await signUpViaApi(page.request);
  await page.goto('/settings');
  await openTab(page, 'Mailbox defaults');
  // The tab is in the address, so a reload comes back to it.
  await expect(page).toHaveURL(/\/settings\?tab=mailbox-defaults$/);
  await expect(page.getByText('Booking links', { exact: true })).toBeVisible();
  await expect(page.getByText('No booking links yet.')).toBeVisible();
  const field = page.getByLabel('Booking link', { exact: true });

  await field.fill('calendly.com/sam-seller');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    page.getByText('"calendly.com/sam-seller" is not a web address: a booking link starts with http:// or https://'),
  ).toBeVisible();

  await field.fill('https://calendly.com/sam-seller/30min');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const links = page.getByRole('list', { name: 'Booking links' });
  await expect(links).toContainText('https://calendly.com/sam-seller/30min');
  await expect(field).toHaveValue('');
  await page.getByRole('button', { name: 'Save Mailbox Defaults' }).click();
  await expect(toastMessage(page)).toContainText('Mailbox defaults saved');

  await page.reload();
  await expect(links.getByRole('listitem')).toHaveText(['https://calendly.com/sam-seller/30min']);

  await page.getByRole('button', { name: 'Remove https://calendly.com/sam-seller/30min' }).click();
  await page.getByRole('button', { name: 'Save Mailbox Defaults' }).click();
  await expect(toastMessage(page)).toContainText('Mailbox defaults saved');
  await page.reload();
  await expect(page.getByText('No booking links yet.')).toBeVisible();
});

for (const width of [390, 1366]) {
  test(`at ${width} px, the Sending tab saves the timezone and the window in one go, kept after a reload`, async ({
    page,
  }) => {
    // Four page loads and four saves: 26 s on a slow 2-core CI, so the default 30 s was a coin toss there.
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    await signUpViaApi(page.request);
    await page.goto('/settings?tab=sending');
    await expect(page.getByRole('tab', { name: 'Sending', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Sending window', { exact: true })).toBeVisible();
    const zone = page.getByRole('combobox', { name: 'Timezone' });
    const from = page.getByLabel('From', { exact: true });
    const until = page.getByLabel('Until', { exact: true });
    const days = page.getByRole('group', { name: 'Sending days' });
    const day = (name: string) => days.getByRole('button', { name, exact: true });
    const save = page.getByRole('button', { name: 'Save Sending Settings' });

    // Registered without a browser zone: UTC until chosen; weekdays 09:00 to 17:00 until changed.
    await expect(zone).toHaveText('UTC (UTC+00:00)');
    await expect(from).toHaveValue('09:00');
    await expect(until).toHaveValue('17:00');
    for (const name of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])
      await expect(day(name)).toHaveAttribute('aria-pressed', 'true');
    for (const name of ['Sat', 'Sun']) await expect(day(name)).toHaveAttribute('aria-pressed', 'false');

    await zone.click();
    await page.getByRole('option', { name: /^Europe\/Paris \(UTC\+0[12]:00\)$/ }).click();
    // The window is read in the zone chosen above it.
    await expect(page.getByText('Europe/Paris', { exact: true })).toBeVisible();
    await from.fill('08:30');
    await until.fill('18:00');
    await day('Fri').click();
    await day('Sat').click();
    await save.click();
    await expect(toastMessage(page)).toContainText('Sending settings saved');
    await expect(toastMessage(page)).toContainText('Mon–Thu, Sat, 08:30–18:00 (Europe/Paris)');

    await page.reload();
    await expect(zone).toHaveText(/^Europe\/Paris /);
    await expect(from).toHaveValue('08:30');
    await expect(until).toHaveValue('18:00');
    await expect(day('Fri')).toHaveAttribute('aria-pressed', 'false');
    await expect(day('Sat')).toHaveAttribute('aria-pressed', 'true');
    const saved = await (await page.request.get('/api/auth/user')).json();
    expect(saved).toMatchObject({
      timezone: 'Europe/Paris',
      sendingWindow: { start: '08:30', end: '18:00', days: [1, 2, 3, 4, 6] },
    });

    // Refused before it is sent: the saved window stays.
    await until.fill('08:00');
    await save.click();
    await expect(page.getByText('The sending window must end after it starts')).toBeVisible();
    await expect(until).toHaveAttribute('aria-invalid', 'true');
    await page.reload();
    await expect(until).toHaveValue('18:00');

    for (const name of ['Mon', 'Tue', 'Wed', 'Thu', 'Sat']) await day(name).click();
    await save.click();
    await expect(page.getByText('Choose at least one sending day')).toBeVisible();
    await page.reload();
    await expect(day('Sat')).toHaveAttribute('aria-pressed', 'true');
  });
}

test('what is typed on one tab is kept while another is open', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/settings');
  await page.getByLabel('Postal address').fill('12 Elm Street, Austin, TX 78701');
  await openTab(page, 'Sending');
  await expect(page.getByLabel('Postal address')).toBeHidden();
  await page.getByLabel('From', { exact: true }).fill('07:15');
  await openTab(page, 'Profile');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByLabel('Postal address')).toHaveValue('12 Elm Street, Austin, TX 78701');
  await openTab(page, 'Sending');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('07:15');
});

test.describe('subscription', () => {
  test('a new user sees the account, a 14-day trial, and whom to ask when billing is not set up', async ({ page }) => {
    const user = await signUpViaApi(page.request);
    await page.goto('/settings');
    await expect(page.getByText('Account Information', { exact: true })).toBeVisible();
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveValue(user.email);
    await expect(email).not.toBeEditable();
    await openTab(page, 'Billing');
    await expect(page).toHaveURL(/\/settings\?tab=billing$/);
    await expect(page.getByText('Free Trial (14 days remaining)')).toBeVisible();
    const trialEnd = new Date(Date.now() + 14 * DAY).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    await expect(page.getByText(trialEnd)).toBeVisible();
    await expect(page.getByText(/Your free trial/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    // Whom to write to: the server's SUPPORT_EMAIL (before the first administrator's address).
    await expect(page.getByRole('status').filter({ hasText: 'Billing is not set up on this server.' })).toHaveText(
      `Billing is not set up on this server. Write to ${supportEmail} to activate your subscription.`,
    );
    // Help's promise of email support, with its address, here too.
    await expect(page.getByText('Questions about your subscription or anything else?')).toContainText(
      `Write to ${supportEmail}; subscribers get an answer within 24 hours.`,
    );
    await expect(page.getByRole('link', { name: supportEmail })).toHaveAttribute('href', `mailto:${supportEmail}`);
  });

  test('an administrator is told how to set billing up, never to ask themselves', async ({ page }) => {
    await signInViaApi(page.request, adminUser.email, adminUser.password);
    await page.goto('/settings?tab=billing');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const note = page.getByRole('status').filter({ hasText: 'Billing is not set up on this server.' });
    await expect(note).toContainText('As its administrator, connect Stripe');
    await expect(note).not.toContainText(adminUser.email);
  });

  test('the trial banners show on the dashboard and settings as the trial runs out', async ({ page }) => {
    await signUpViaApi(page.request);
    // The browser's clock moves on; the server still counts the trial as running.
    await page.clock.setFixedTime(new Date(Date.now() + 10.5 * DAY));
    await page.goto('/');
    const ending =
      'Your free trial ends in 4 day(s). Subscribe now to continue using the product after your trial expires.';
    await expect(page.getByText(ending)).toBeVisible();
    await page.goto('/settings');
    await expect(page.getByText(ending)).toBeVisible();
    await openTab(page, 'Billing');
    await expect(page.getByText('Free Trial (4 days remaining)')).toBeVisible();

    await page.clock.setFixedTime(new Date(Date.now() + 14.5 * DAY));
    await page.reload();
    await expect(
      page.getByText('Your free trial has expired. Subscribe now to continue using the product.'),
    ).toBeVisible();
  });

  test('an expired subscription shows the reactivation banner and the Expired badge', async ({ page }) => {
    await signUpViaApi(page.request);
    const customer = `cus_e2e_${Date.now()}`;
    await payViaStripe(page, customer);
    await deliverStripeEvent(page.request, 'customer.subscription.deleted', {
      id: `sub_${customer}`,
      object: 'subscription',
      customer,
      status: 'canceled',
      cancel_at_period_end: false,
      cancel_at: null,
      items: { object: 'list', data: [] },
    });
    const reactivate = 'Your free trial has expired. Please subscribe to continue using the product.';
    await page.goto('/');
    await expect(page.getByText(reactivate)).toBeVisible();
    await page.goto('/settings');
    await expect(page.getByText(reactivate)).toBeVisible();
    await openTab(page, 'Billing');
    await expect(page.getByText('Expired', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  });

  test('an active subscription is cancelled through a dialog a click outside does not dismiss', async ({ page }) => {
    await signUpViaApi(page.request);
    await payViaStripe(page, `cus_e2e_${Date.now()}`);
    await page.goto('/settings?tab=billing');
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(dialog).toContainText(
      "This will cancel your subscription. You'll lose access to all features at the end of your billing period. This action cannot be undone.",
    );
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep Subscription' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Active', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await dialog.getByRole('button', { name: 'Yes, Cancel Subscription' }).click();
    await expect(toastMessage(page)).toContainText('Subscription cancelled');
    await expect(toastMessage(page)).toContainText('Your subscription has been cancelled successfully.');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  });
});

test('the profile and the postal address are seeded from the user, saved together, and kept after a reload', async ({
  page,
}) => {
  const user = await signUpViaApi(page.request);
  await page.goto('/settings');
  await expect(page.getByRole('tab', { name: 'Profile', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Profile Information', { exact: true })).toBeVisible();
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await expect(field('First Name')).toHaveValue(user.firstName);
  await expect(field('Company Name')).toHaveValue(user.companyName);
  await expect(field('Industry')).toHaveAttribute('placeholder', 'e.g. Real Estate, Finance, Healthcare');
  await expect(field('Preferred Local Clients')).toHaveValue(user.preferredLocalClients);

  await field('Last Name').fill('');
  await field('Company Name').fill('Lopez Insurance');
  await field('Industry').fill('Insurance');
  await field('Service/Product').fill('Home insurance');
  await field('Preferred Local Clients').fill('Homeowners in Tucson');
  await expect(field('Postal address')).toHaveValue('');
  await field('Postal address').fill('9 Oak Lane, Tucson, AZ 85701');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(toastMessage(page)).toContainText('Profile Updated');
  await expect(toastMessage(page)).toContainText('Your profile has been updated successfully.');
  // The answer replaced the cached user: the sidebar shows the email once the last name is gone.
  await expect(page.getByRole('button', { name: user.email })).toBeVisible();

  await page.reload();
  await expect(field('First Name')).toHaveValue(user.firstName);
  await expect(field('Last Name')).toHaveValue('');
  await expect(field('Company Name')).toHaveValue('Lopez Insurance');
  await expect(field('Industry')).toHaveValue('Insurance');
  await expect(field('Service/Product')).toHaveValue('Home insurance');
  await expect(field('Preferred Local Clients')).toHaveValue('Homeowners in Tucson');
  await expect(field('Postal address')).toHaveValue('9 Oak Lane, Tucson, AZ 85701');
});

test('an address naming the postal address opens its tab with the cursor in it', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/settings?tab=security#postal-address');
  await expect(page.getByRole('tab', { name: 'Profile', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Postal address')).toBeFocused();
});

test('the password is changed with the current one, and the new one signs in', async ({ page }) => {
  const user = await signUpViaApi(page.request);
  await page.goto('/settings');
  await openTab(page, 'Security');
  const current = page.getByLabel('Current password', { exact: true });
  const next = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password', { exact: true });
  const change = page.getByRole('button', { name: 'Change Password' });

  await current.fill(user.password);
  await next.fill('12345');
  await confirm.fill('12346');
  await change.click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  // The server's own message, under the field it is about.
  await current.fill('not-my-password');
  await next.fill('new-password-1');
  await confirm.fill('new-password-1');
  await change.click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');

  await current.fill(user.password);
  await change.click();
  await expect(toastMessage(page)).toContainText('Password changed');
  await expect(toastMessage(page)).toContainText('Every other session has been signed out.');
  for (const field of [current, next, confirm]) await expect(field).toHaveValue('');

  await page.context().clearCookies();
  const old = await page.request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(old.status()).toBe(401);
  await signIn(page, user.email, 'new-password-1');
});

test('sign out everywhere ends this session and the one on another device', async ({ page, browser }) => {
  const user = await signUpViaApi(page.request);
  const otherDevice = await browser.newContext();
  try {
    const otherPage = await otherDevice.newPage();
    await signInViaApi(otherPage.request, user.email, user.password);
    await otherPage.goto('/settings');
    await expect(otherPage.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

    await page.goto('/settings?tab=security');
    await page.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    const question = page.getByRole('alertdialog');
    await expect(question.getByText('Sign out everywhere?')).toBeVisible();
    // Cancelling keeps everyone signed in.
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign Out Everywhere' }).click();
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();

    // The other device's next page load finds its session gone.
    await otherPage.goto('/');
    await expect(otherPage.getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(otherPage.getByRole('heading', { name: 'Account Settings' })).toHaveCount(0);
  } finally {
    await otherDevice.close();
  }
});
