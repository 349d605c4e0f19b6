import { expect, type Page, request, test } from '@playwright/test';
import { signUpViaApi, toastMessage } from './helpers';

/** Ends the page's session on the server, as an expiry or a sign-out elsewhere would; the browser keeps its cookie. */
async function revokeSessionOnServer(page: Page, baseURL: string) {
  const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
  const elsewhere = await request.newContext({ baseURL, extraHTTPHeaders: { cookie } });
  const response = await elsewhere.post('/api/auth/logout', { data: {} });
  expect(response.ok()).toBe(true);
  await elsewhere.dispose();
  expect(await page.context().cookies()).not.toHaveLength(0);
}

/**
 * Every toast text the page shows, recorded as it appears: the toast is up for only half a second before the
 * browser leaves, too short to poll for reliably.
 */
async function recordToasts(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('recordToast', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    const record = (window as unknown as { recordToast(text: string): void }).recordToast;
    new MutationObserver(() => {
      for (const item of document.querySelectorAll('[role="region"] li')) record(item.textContent ?? '');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return seen;
}

const toastsSeen = (seen: string[]) => expect.poll(() => seen.join('\n'));

async function signedInOnLeads(page: Page) {
  await signUpViaApi(page.request);
  await page.goto('/leads');
  await expect(page.getByRole('heading', { name: 'Leads Database' })).toBeVisible();
}

const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

test('a call that finds the session gone says so and sends the browser to sign in', async ({ page, baseURL }) => {
  const seen = await recordToasts(page);
  await signedInOnLeads(page);
  await revokeSessionOnServer(page, String(baseURL));

  await sidebarLink(page, 'Templates').click();
  await toastsSeen(seen).toContain('UnauthorizedYou are logged out. Logging in again...');
  // After 500 ms, /api/login, which the server answers with the sign-in form.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('the dashboard checks the session on arrival, in its own words', async ({ page, baseURL }) => {
  const seen = await recordToasts(page);
  await signedInOnLeads(page);
  await revokeSessionOnServer(page, String(baseURL));

  await sidebarLink(page, 'Dashboard').click();
  await toastsSeen(seen).toContain('Unauthorized: You are logged out. Logging in again...');
  await expect(page).toHaveURL(/\/login$/);
});

test('the instructions page asks to log in when the session is gone', async ({ page, baseURL }) => {
  const seen = await recordToasts(page);
  await signedInOnLeads(page);
  await revokeSessionOnServer(page, String(baseURL));

  await sidebarLink(page, 'Instructions').click();
  await toastsSeen(seen).toContain('Please log in to access this page.');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password on the sign-in form is not taken for a lost session', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('nobody@e2e.test');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toastMessage(page)).toContainText('Login failed');
  await page.waitForTimeout(800);
  await expect(toastMessage(page)).toContainText('Login failed');
  await expect(page).toHaveURL(/\/login$/);
});
