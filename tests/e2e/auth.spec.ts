import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { newUser, signIn, signUpViaApi, toastMessage, userMenuButton } from './helpers';
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
  await page.getByLabel('Company Name').fill(user.companyName);
  await page.getByLabel('Industry').fill(user.industry);
  await page.getByLabel('Service/Product').fill(user.service);
  await page.getByLabel('Preferred Local Clients').fill(user.preferredLocalClients);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
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
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toHaveCount(0);
});
