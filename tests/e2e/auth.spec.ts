import { type ChildProcess, spawn } from 'node:child_process';
import { expect, type PlaywrightWorkerArgs, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import {
  ADMINISTRATOR_SIGN_UP_ONLY,
  INVITATION_INVALID,
  SIGN_UP_BY_INVITATION,
  SIGN_UP_CLOSED,
} from '../../contract/sign-up';
import { freePort } from '../../server/test/net';
import { e2eDataDir } from './data-dirs';
import { adminUser } from './global-setup';
import {
  fillSignUpForm,
  newUser,
  signIn,
  signInViaApi,
  signUpViaApi,
  toastMessage,
  uniqueEmail,
  userMenuButton,
} from './helpers';
import { inviteOnlyURL } from './invite-only';
import { E2E_POSTGRES_PORT } from './postgres-database';

test('signing up through the form leads to the strategy onboarding welcome', async ({ page }) => {
  const user = newUser({ firstName: 'Riley', lastName: 'Reed' });
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  await page.getByLabel('First Name').fill(user.firstName);
  await page.getByLabel('Last Name').fill(user.lastName);
  await page.getByLabel('Company Name').fill(user.companyName);
  await page.getByLabel('Industry').fill(user.industry);
  await page.getByLabel('Service/Product').fill(user.service);
  await page.getByLabel('Preferred Local Clients').fill(user.preferredLocalClients);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('placeholder', 'At least 6 characters');
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/strategy-onboarding$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Riley!' })).toBeVisible();
});

test.describe('in a browser set to Denver time', () => {
  test.use({ timezoneId: 'America/Denver' });

  test('signing up keeps the browser’s time zone, which Settings shows', async ({ page }) => {
    const user = newUser();
    await page.goto('/signup');
    await fillSignUpForm(page, user);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/strategy-onboarding$/);

    await page.goto('/settings?tab=sending');
    await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveText(/^America\/Denver \(UTC-0[67]:00\)$/);
    await expect(page.getByText('America/Denver', { exact: true })).toBeVisible();
  });
});

test('the signup form relies on the browser to require its fields', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // Nothing was sent: the browser stopped the empty form.
  await expect(page).toHaveURL(/\/signup$/);
  const isMissing = (input: HTMLInputElement) => input.validity.valueMissing;
  expect(await page.getByLabel('Company Name').evaluate(isMissing)).toBe(true);
  expect(await page.getByLabel('First Name').evaluate(isMissing)).toBe(false);
});

test('the toggle link switches between signing in and signing up', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByLabel('Company Name')).toHaveCount(0);

  await page.getByRole('link', { name: "Don't have an account? Sign up" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();

  await page.getByRole('link', { name: 'Already have an account? Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('signing out from the user menu and back in through the form', async ({ page }) => {
  const user = await signUpViaApi(page.request, { firstName: 'Lee', lastName: 'Logan' });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Mass Email Campaign' })).toBeVisible();

  await userMenuButton(page, 'Lee Logan').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Turn Local Leads Into Sales Meetings' })).toBeVisible();

  await page.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
});

test('a wrong password shows the "Login failed" toast', async ({ page, request }) => {
  const user = await signUpViaApi(request);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(toastMessage(page)).toContainText('Login failed');
  await expect(toastMessage(page)).toContainText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('registering an email that is taken shows the server message', async ({ page, request }) => {
  const existing = await signUpViaApi(request);
  const user = newUser({ email: existing.email });
  await page.goto('/signup');
  await fillSignUpForm(page, user);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(toastMessage(page)).toContainText('Registration failed');
  // The server's own words, not the "Failed to create account" fallback.
  await expect(toastMessage(page)).toContainText('already exists');
  await expect(page).toHaveURL(/\/signup$/);
});

test.describe('forgot password', () => {
  // One mailbox on the system SMTP port of the test server (playwright.config.ts): these tests run one at a time.
  test.describe.configure({ mode: 'serial' });
  const received: { to: string; text: string }[] = [];
  let server: SMTPServer;

  test.beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({ to: session.envelope.rcptTo[0]?.address ?? '', text: mail.text ?? '' });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) =>
      server.listen(Number(process.env.E2E_SYSTEM_SMTP_PORT ?? 5196), '127.0.0.1', resolve),
    );
  });
  test.afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  test('a reset link by email sets a new password', async ({ page }) => {
    const user = await signUpViaApi(page.request);
    await page.request.post('/api/auth/logout');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'If an account exists for that address, a link to reset its password is on its way. It works for 30 minutes.',
    );

    await expect.poll(() => received.filter((mail) => mail.to === user.email).length).toBe(1);
    const link = /http:\/\/localhost:\d+(\/reset-password\?token=[\w-]+)/.exec(
      received.find((mail) => mail.to === user.email)?.text ?? '',
    )?.[1];
    expect(link).toBeTruthy();
    await page.goto(link as string);
    await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
    await page.getByLabel('New Password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(toastMessage(page)).toContainText('Your password has been reset. Sign in with your new password.');
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, user.email, 'a-brand-new-password');

    // The link worked once.
    await page.request.post('/api/auth/logout');
    await page.goto(link as string);
    await page.getByLabel('New Password').fill('another-new-password');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(toastMessage(page)).toContainText('This reset link is invalid, used or expired. Ask for a new one.');
  });
});

test('without a system mailbox, "Forgot password?" says to ask the administrator', async ({ page }) => {
  // The second test server (tests/e2e/postgres-server.ts) has no SYSTEM_SMTP_URL.
  await page.goto(`http://localhost:${E2E_POSTGRES_PORT}/forgot-password`);
  await expect(page.getByText('This server cannot send reset links. Ask your administrator')).toBeVisible();
  // One true thing: no promise of an email above it.
  await expect(page.getByText('Your administrator resets passwords on this server.')).toBeVisible();
  await expect(page.getByText('We will email you a link')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toHaveCount(0);
});

test.describe('sign-up by invitation (the invite-only server, tests/e2e/invite-only-server.ts)', () => {
  /** An invitation to `email` made by the server's admin through the API; answers its link. */
  async function invitationLink(playwright: PlaywrightWorkerArgs['playwright'], email: string): Promise<string> {
    const admin = await playwright.request.newContext({ baseURL: inviteOnlyURL });
    await signInViaApi(admin, adminUser.email, adminUser.password);
    const response = await admin.post('/api/admin/invitations', { data: { email } });
    expect(response.status(), await response.text()).toBe(201);
    const { link } = await response.json();
    await admin.dispose();
    return link;
  }

  for (const width of [390, 1366]) {
    test(`at ${width} px, /signup says it is by invitation, and the invitation's link opens the form with its address`, async ({
      page,
      playwright,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${inviteOnlyURL}/signup`);
      await expect(page.getByText(SIGN_UP_BY_INVITATION)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);

      const user = newUser({ firstName: 'Ivy', email: uniqueEmail(`invited-${width}`) });
      await page.goto(await invitationLink(playwright, user.email));
      await expect(page.getByText('You were invited to LocalReach', { exact: false })).toBeVisible();
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);
      await page.getByLabel('First Name').fill(user.firstName);
      await page.getByLabel('Company Name').fill(user.companyName);
      await page.getByLabel('Industry').fill(user.industry);
      await page.getByLabel('Service/Product').fill(user.service);
      await page.getByLabel('Preferred Local Clients').fill(user.preferredLocalClients);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByRole('heading', { name: 'Welcome, Ivy!' })).toBeVisible();
    });
  }

  test('a link that no longer works shows the server message', async ({ page }) => {
    await page.goto(`${inviteOnlyURL}/signup?invitation=made-up&email=${encodeURIComponent(uniqueEmail('late'))}`);
    await page.getByLabel('Company Name').fill('Late Co');
    await page.getByLabel('Industry').fill('Retail');
    await page.getByLabel('Service/Product').fill('Shoes');
    await page.getByLabel('Preferred Local Clients').fill('Runners');
    await page.getByLabel('Password', { exact: true }).fill('late-password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(toastMessage(page)).toContainText('Registration failed');
    await expect(toastMessage(page)).toContainText(INVITATION_INVALID);
  });
});

test.describe('a server where sign-up is closed (started by this spec)', () => {
  const owner = newUser({ email: 'owner@closed.e2e.test' });
  let server: ChildProcess | undefined;
  let closedURL = '';

  test.beforeAll(async () => {
    // The server's bundle, built by the main test server's command before any spec runs.
    const port = await freePort();
    closedURL = `http://localhost:${port}`;
    server = spawn(process.execPath, ['dist/server/main.mjs'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: e2eDataDir('closed'),
        PUBLIC_URL: closedURL,
        SIGNUP: 'closed',
        ADMIN_EMAIL: owner.email,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok ?? false, {
        timeout: 60_000,
      })
      .toBe(true);
  });
  test.afterAll(() => {
    server?.kill('SIGTERM');
  });

  test('/signup lets only the administrator-to-be in, then says sign-up is closed, at 390 and 1366 px', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${closedURL}/signup`);
    await expect(page.getByText(ADMINISTRATOR_SIGN_UP_ONLY)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();

    const registered = await request.post(`${closedURL}/api/auth/register`, { data: owner });
    expect(registered.status(), await registered.text()).toBe(201);

    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${closedURL}/signup`);
      await expect(page.getByText(SIGN_UP_CLOSED)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Already have an account? Sign in' })).toBeVisible();
    }
  });
});
