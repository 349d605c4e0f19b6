import { expect, test } from '@playwright/test';
import { adminUser } from './global-setup';
import { signInViaApi, signUpViaApi } from './helpers';

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
