import { expect, test } from '@playwright/test';
import { adminUser } from './global-setup';
import { signInViaApi, signUpViaApi, toastMessage } from './helpers';

test('the administrator sees which AI writes the drafts and how to change it', async ({ page }) => {
  await signInViaApi(page.request, adminUser.email, adminUser.password);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText('AI provider', { exact: true })).toBeVisible();
  // The e2e server has no AI_BASE_URL / AI_API_KEY: the built-in writer drafts.
  await expect(page.getByText('Drafts are written by the built-in offline writer.')).toBeVisible();
  await expect(page.getByText(/For better drafts, set AI_BASE_URL, AI_API_KEY and AI_MODEL/)).toBeVisible();
});

test('an ordinary user does not see the AI provider card', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText('AI provider', { exact: true })).toHaveCount(0);
});

test('a booking link is checked, added, kept after a reload, and removed', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/settings');
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
  await page.getByRole('button', { name: 'Save Booking Links' }).click();
  await expect(toastMessage(page)).toContainText('Booking links saved');

  await page.reload();
  await expect(links.getByRole('listitem')).toHaveText(['https://calendly.com/sam-seller/30min']);

  await page.getByRole('button', { name: 'Remove https://calendly.com/sam-seller/30min' }).click();
  await page.getByRole('button', { name: 'Save Booking Links' }).click();
  await expect(toastMessage(page)).toContainText('Booking links saved');
  await page.reload();
  await expect(page.getByText('No booking links yet.')).toBeVisible();
});

test('the sending window is changed, kept after a reload, and must end after it starts', async ({ page }) => {
  await signUpViaApi(page.request);
  const zone = await page.request.put('/api/user/profile', { data: { timezone: 'America/Chicago' } });
  expect(zone.status(), await zone.text()).toBe(200);
  await page.goto('/settings');
  await expect(page.getByText('Sending window', { exact: true })).toBeVisible();
  await expect(page.getByText('America/Chicago', { exact: true })).toBeVisible();
  const from = page.getByLabel('From', { exact: true });
  const until = page.getByLabel('Until', { exact: true });
  const days = page.getByRole('group', { name: 'Sending days' });
  const day = (name: string) => days.getByRole('button', { name, exact: true });
  const save = page.getByRole('button', { name: 'Save Sending Window' });

  // Weekdays 09:00 to 17:00 until changed.
  await expect(from).toHaveValue('09:00');
  await expect(until).toHaveValue('17:00');
  for (const name of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])
    await expect(day(name)).toHaveAttribute('aria-pressed', 'true');
  for (const name of ['Sat', 'Sun']) await expect(day(name)).toHaveAttribute('aria-pressed', 'false');

  await from.fill('08:30');
  await until.fill('18:00');
  await day('Fri').click();
  await day('Sat').click();
  await save.click();
  await expect(toastMessage(page)).toContainText('Sending window saved');
  await expect(toastMessage(page)).toContainText('Mon–Thu, Sat, 08:30–18:00 (America/Chicago)');

  await page.reload();
  await expect(from).toHaveValue('08:30');
  await expect(until).toHaveValue('18:00');
  await expect(day('Fri')).toHaveAttribute('aria-pressed', 'false');
  await expect(day('Sat')).toHaveAttribute('aria-pressed', 'true');

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
