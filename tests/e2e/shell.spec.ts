import { expect, test } from '@playwright/test';
import { adminUser } from './global-setup';
import { avatarInitial, pressEscape, signInViaApi, signUpViaApi, uniqueEmail, userMenuButton } from './helpers';

const screens = [
  { entry: 'Dashboard', path: '/', title: 'Mass Email Campaign', tab: 'Dashboard · LocalReach' },
  { entry: 'Replies', path: '/replies', title: 'Replies', tab: 'Replies · LocalReach' },
  { entry: 'Templates', path: '/templates', title: 'Email Templates', tab: 'Templates · LocalReach' },
  { entry: 'Leads', path: '/leads', title: 'Leads Database', tab: 'Leads · LocalReach' },
  { entry: 'Email Accounts', path: '/accounts', title: 'Email Accounts', tab: 'Email Accounts · LocalReach' },
  { entry: 'Analytics', path: '/analytics', title: 'Analytics Dashboard', tab: 'Analytics · LocalReach' },
  { entry: 'Stock Tips', path: '/stock-tips', title: 'Stock Tips', tab: 'Stock Tips · LocalReach' },
  { entry: 'Instructions', path: '/instructions', title: 'How to Use LocalReach', tab: 'Instructions · LocalReach' },
  { entry: 'Settings', path: '/settings', title: 'Account Settings', tab: 'Settings · LocalReach' },
];

test('every sidebar entry opens its screen', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/');
  await expect(page.getByRole('complementary').getByText('LocalReach')).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  for (const screen of screens) {
    await sidebar.getByRole('link', { name: screen.entry, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
    // Each page has its own browser tab title, so a person with several tabs open can tell them apart.
    await expect(page).toHaveTitle(screen.tab);
  }
});

test('the sidebar highlights the entry of the current screen', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/leads');
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await expect(sidebar.getByRole('link', { name: 'Leads', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');

  await page.goto('/');
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.getByRole('link', { name: 'Leads', exact: true })).not.toHaveAttribute('aria-current', 'page');
});

test('an ordinary user has no Admin entry and is denied the admin page', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/');
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await expect(sidebar.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You do not have permission to access this page.')).toBeVisible();
});

test('the admin sees the Admin entry and the admin dashboard', async ({ page }) => {
  await signInViaApi(page.request, adminUser.email, adminUser.password);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(avatarInitial(page, 'Ada Admin')).toHaveText('A');
});

test('the user menu shows the initial and full name, and leads to My Account', async ({ page }) => {
  await signUpViaApi(page.request, { firstName: 'Zoe', lastName: 'Quinn' });
  await page.goto('/');
  const menuButton = userMenuButton(page, 'Zoe Quinn');
  await expect(avatarInitial(page, 'Zoe Quinn')).toHaveText('Z');

  await menuButton.click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
});

test('without a full name the user menu falls back to the email', async ({ page }) => {
  const user = await signUpViaApi(page.request, { firstName: 'Kim', lastName: '' });
  await page.goto('/');
  // A first name alone is not a full name: the email is shown, with the first name's initial.
  await expect(avatarInitial(page, user.email)).toHaveText('K');

  // An address starting with a letter other than the fallback "U", so the check shows it comes from the email.
  const nameless = await signUpViaApi(page.request, { firstName: '', lastName: '', email: uniqueEmail('nina') });
  await page.goto('/strategy-onboarding');
  await expect(avatarInitial(page, nameless.email)).toHaveText('N');
  await expect(page.getByRole('heading', { name: `Welcome, ${nameless.email}!` })).toBeVisible();
});

test('on a narrow screen the sidebar opens from the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signUpViaApi(page.request);
  await page.goto('/');
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await expect(sidebar).toBeHidden();

  await page.getByRole('button', { name: 'Open navigation' }).click();
  await sidebar.getByRole('link', { name: 'Templates' }).click();
  await expect(page.getByRole('heading', { name: 'Email Templates' })).toBeVisible();
  await expect(sidebar).toBeHidden();
});

test('on a narrow screen Esc closes the user menu over the sidebar, then the sidebar', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const user = await signUpViaApi(page.request);
  await page.goto('/');
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await userMenuButton(page, `${user.firstName} ${user.lastName}`).click();
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await expect(logout).toBeVisible();

  await pressEscape(page);
  await expect(logout).toBeHidden();
  // The sidebar stayed where it was (a click waits for a sliding sidebar to stop, and then finds it gone).
  await userMenuButton(page, `${user.firstName} ${user.lastName}`).click();
  await expect(logout).toBeVisible();
  await pressEscape(page);
  await expect(logout).toBeHidden();
  await expect(sidebar).toBeVisible();
  await pressEscape(page);
  await expect(sidebar).toBeHidden();
});

test('signed-in visitors of the login and signup pages go to the dashboard', async ({ page }) => {
  await signUpViaApi(page.request);
  for (const path of ['/login', '/signup']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Mass Email Campaign' })).toBeVisible();
  }
});

test('a screen opened from the bottom of another starts at its top', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 600 });
  await signUpViaApi(page.request);
  await page.goto('/instructions');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      return page.evaluate(() => window.scrollY);
    })
    .toBeGreaterThan(300);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
