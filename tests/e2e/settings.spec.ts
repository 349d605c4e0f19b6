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
