import { expect, test } from '@playwright/test';
import { signUpViaApi } from './helpers';

test('the landing page presents the product and its calls to action', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Turn Local Leads Into Sales Meetings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
  for (const step of [
    'Identify Local Leads',
    'Personalised Marketing Emails',
    'Automatic Email Campaigns',
    'Follow Your Progress',
  ]) {
    await expect(page.getByRole('heading', { name: step })).toBeVisible();
  }
  await expect(page.getByText('2 weeks free • No credit card required')).toBeVisible();

  await page.getByRole('link', { name: 'View Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);

  await page.goto('/');
  await page.getByRole('link', { name: 'Start Free Trial' }).first().click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();

  await page.goto('/');
  await page.getByRole('link', { name: 'Start Free Trial' }).last().click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('the public header links to every public page', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');

  await header.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(header.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');

  await header.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  await header.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();

  await header.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Turn Local Leads Into Sales Meetings' })).toBeVisible();
});

test('the pricing page shows the plan, the FAQ and a way to sign up', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByText('$400')).toBeVisible();
  await expect(page.getByText('per month')).toBeVisible();
  await expect(page.getByText('Billed monthly in USD')).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(6);

  await expect(page.getByText('How does the free trial work?')).toBeVisible();
  await expect(page.getByText(/2 weeks \(14 days\).*no credit card/i)).toBeVisible();
  await expect(page.getByText('Can I cancel anytime?')).toBeVisible();
  await expect(page.getByText(/cancel anytime from your account settings/i)).toBeVisible();
  await expect(page.getByText(/no long-term contracts and no cancellation fees/i)).toBeVisible();

  await page.getByRole('link', { name: 'Create Your Account' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('an unknown path shows "Page Not Found" with a way home', async ({ page }) => {
  await page.goto('/nope');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page.getByRole('heading', { name: 'Turn Local Leads Into Sales Meetings' })).toBeVisible();
});

test('a signed-in-only path is "Page Not Found" for a signed-out visitor', async ({ page }) => {
  for (const path of ['/leads', '/admin', '/strategy-onboarding']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  }
});

test('a signed-out visitor of a signed-in page can sign in and come back to it', async ({ page }) => {
  const user = await signUpViaApi(page.request);
  await page.request.post('/api/auth/logout');
  await page.goto('/leads?status=active');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found · LocalReach');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fleads%3Fstatus%3Dactive$/);
  await expect(page).toHaveTitle('Sign in · LocalReach');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/leads\?status=active$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads Database' })).toBeVisible();
  await expect(page).toHaveTitle('Leads · LocalReach');
});

test('navigating to /api/login lands on the login form', async ({ page }) => {
  await page.goto('/api/login');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('the landing page does not download the signed-in app', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const loadsSignedInApp = () => scripts.some((url) => url.includes('signed-in-app'));

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Turn Local Leads Into Sales Meetings' })).toBeVisible();
  expect(loadsSignedInApp()).toBe(false);

  // The same check sees the chunk once someone signs in, so it is looking for the right file.
  await signUpViaApi(page.request);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mass Email Campaign' })).toBeVisible();
  expect(loadsSignedInApp()).toBe(true);
});

test('the public header’s links are all of one type size', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 700 });
  await page.goto('/pricing');
  const header = page.getByRole('navigation', { name: 'Main' });
  const fontSize = (name: string) =>
    header.getByRole('link', { name, exact: true }).evaluate((link) => getComputedStyle(link).fontSize);
  expect(await fontSize('Log In')).toBe(await fontSize('Pricing'));
  expect(await fontSize('Sign Up')).toBe(await fontSize('Home'));
});
