import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export type TestUser = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName: string;
  industry: string;
  service: string;
  preferredLocalClients: string;
};

/** An address no other test uses, so specs can run in parallel against one database. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
}

export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  return {
    email: uniqueEmail(),
    password: 'test-password',
    firstName: 'Sam',
    lastName: 'Seller',
    companyName: 'Harbor Homes',
    industry: 'Real Estate',
    service: 'Home sales',
    preferredLocalClients: 'First-time buyers',
    ...overrides,
  };
}

/** Fills every field of the sign-up form as a person types them (the caller presses Create Account). */
export async function fillSignUpForm(page: Page, user: TestUser): Promise<void> {
  await page.getByLabel('First Name').fill(user.firstName);
  await page.getByLabel('Last Name').fill(user.lastName);
  await page.getByLabel('Company Name').fill(user.companyName);
  await page.getByLabel('Industry').fill(user.industry);
  await page.getByLabel('Service/Product').fill(user.service);
  await page.getByLabel('Preferred Local Clients').fill(user.preferredLocalClients);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
}

/**
 * Registers a user through the API. Pass `page.request` to leave the page signed in as that user
 * (it shares the browser context's cookies), or the `request` fixture to leave the page signed out.
 * Playwright sends `data` as JSON, which the server requires of request bodies.
 */
export async function signUpViaApi(request: APIRequestContext, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = newUser(overrides);
  const response = await request.post('/api/auth/register', { data: user });
  expect(response.status(), await response.text()).toBe(201);
  return user;
}

/** Signs in through the API; with `page.request` the page is then signed in. */
export async function signInViaApi(request: APIRequestContext, email: string, password: string): Promise<void> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in through the login form, as a person would, and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Mass Email Campaign' })).toBeVisible();
}

/**
 * Esc as a person presses it: not in the same frame as the layer it is meant for appeared (Radix layers start
 * listening for it from an effect after their first render).
 */
export async function pressEscape(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((settled) => requestAnimationFrame(() => setTimeout(settled))));
  await page.keyboard.press('Escape');
}

/** The toast on screen (one at a time, docs/product.md §9). */
export function toastMessage(page: Page): Locator {
  return page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
}

/** The sidebar's user menu button, found by the display name it shows. */
export function userMenuButton(page: Page, name: string): Locator {
  return page.getByRole('button', { name });
}

/** The initial in the avatar of the user menu button. */
export function avatarInitial(page: Page, name: string): Locator {
  return userMenuButton(page, name).locator('[data-slot="avatar-fallback"]');
}

type PeerLogin = { host: string; port: number; user: string; password: string };

/** Sets the postal address every marketing mail must carry (CAN-SPAM): without it sending is refused. */
export async function setPostalAddress(request: APIRequestContext): Promise<void> {
  const profile = await request.put('/api/user/profile', {
    data: { postalAddress: '12 Elm Street, Austin, TX 78701' },
  });
  expect(profile.status(), await profile.text()).toBe(200);
}

/**
 * Connects a mailbox on the test peers (SMTP to send, Dovecot to read) through the API the screens use, at a quick
 * pace (the default is 30 a minute) and already warm (no warm-up ramp of 20 a day); answers its id.
 */
export async function connectPeerMailbox(
  request: APIRequestContext,
  smtp: PeerLogin,
  imap: PeerLogin,
): Promise<number> {
  // Only the fields the route knows: a peer object carries more (what it received), which the API refuses.
  const server = ({ host, port, user, password }: PeerLogin) => ({ host, port, user, password, secure: false });
  const connected = await request.post('/api/email-accounts/smtp', {
    data: { email: smtp.user, smtp: server(smtp), imap: server(imap), warmupEnabled: false },
  });
  expect(connected.status(), await connected.text()).toBe(201);
  const accountId: number = (await connected.json()).id;
  const paced = await request.patch(`/api/email-accounts/${accountId}`, { data: { sendsPerMinute: 600 } });
  expect(paced.status(), await paced.text()).toBe(200);
  return accountId;
}
