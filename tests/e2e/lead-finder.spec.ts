import { expect, test } from '@playwright/test';
import { signUpViaApi } from './helpers';

// The e2e server asks the fixtures of tests/e2e/lead-finder-fixtures.ts (Lakeview's florists).
test('a search finds local businesses, those with an email are imported and listed as leads', async ({ page }) => {
  await signUpViaApi(page.request, { preferredLocalClients: 'florist' });
  await page.goto('/leads');
  await page.getByRole('button', { name: 'Find Leads' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find Leads' });

  await expect(dialog.getByLabel('Type of business')).toHaveValue('florist');
  await dialog.getByLabel('Location').fill('Lakeview');
  await dialog.getByLabel('Radius (km)').fill('10');
  await dialog.getByRole('button', { name: 'Search' }).click();

  // The fixture website answers slowly, so the search is seen running first.
  await expect(dialog.getByRole('progressbar', { name: 'Search progress' })).toBeVisible();

  await expect(dialog.getByText('3 businesses found, 2 with an email')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('cell', { name: /^Petal Pushers/ })).toBeVisible();
  await expect(dialog.getByText('orders@bloomroom.test')).toBeVisible();
  await expect(dialog.getByText('No email found', { exact: true })).toBeVisible();
  // Best score first: the one without an email comes last.
  await expect(dialog.getByRole('row').last()).toContainText('Stem Studio');

  await dialog.getByRole('button', { name: 'Select all with email' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Select Petal Pushers' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Select Stem Studio' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Import selected (2)' }).click();

  await expect(dialog.getByText('Upload Complete')).toBeVisible();
  await expect(dialog.getByText('Leads Added').locator('..')).toContainText('2');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('hello@petalpushers.test')).toBeVisible();
  await expect(page.getByText('orders@bloomroom.test')).toBeVisible();

  // The finished search stays listed, its imported results marked.
  await page.getByRole('button', { name: 'Find Leads' }).click();
  await dialog.getByRole('button', { name: /florist near Lakeview/ }).click();
  await expect(dialog.getByText('Imported')).toHaveCount(2);
});
