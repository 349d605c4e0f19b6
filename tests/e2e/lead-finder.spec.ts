import { expect, type Page, test } from '@playwright/test';
import { signUpViaApi } from './helpers';

// The e2e server asks the fixtures of tests/e2e/lead-finder-fixtures.ts (Lakeview's florists; a place whose map
// service cannot be reached).
const UNREACHABLE_PLACE = 'Nowhere-Offline';

async function openFinder(page: Page) {
  await page.goto('/leads');
  await page.getByRole('button', { name: 'Find Leads' }).click();
  return page.getByRole('dialog', { name: 'Find Leads' });
}

for (const width of [390, 1366]) {
  test(`at ${width} px, a search finds local businesses, those with an email are imported and listed as leads`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUpViaApi(page.request, { preferredLocalClients: 'Families buying their first home' });
    const dialog = await openFinder(page);

    // The kind of business starts empty, with examples (it was the user's audience sentence), and the radius
    // is in the browser locale's unit: miles for en-US (Playwright's default locale), sent to the server as km.
    const type = dialog.getByLabel('Type of business');
    await expect(type).toHaveValue('');
    await expect(type).toHaveAttribute('placeholder', 'e.g. dentist, accountant, restaurant');
    await type.fill('florist');
    await dialog.getByLabel('Location').fill('Lakeview');
    await expect(dialog.getByLabel('Radius (miles)')).toHaveValue('6');
    const started = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/lead-finder/searches'),
    );
    await dialog.getByRole('button', { name: 'Search' }).click();
    expect((await started).postDataJSON()).toMatchObject({ query: 'florist', location: 'Lakeview', radiusKm: 10 });
    await expect(dialog.getByText('florist near Lakeview, within 6 miles')).toBeVisible();

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
    await dialog.getByRole('button', { name: /florist near Lakeview \(6 miles\)/ }).click();
    await expect(dialog.getByText('Imported')).toHaveCount(2);
  });
}

test.describe('in a locale that counts in kilometres', () => {
  test.use({ locale: 'de-DE' });

  test('the radius is in km', async ({ page }) => {
    await signUpViaApi(page.request);
    const dialog = await openFinder(page);
    await expect(dialog.getByLabel('Radius (km)')).toHaveValue('10');
    await expect(dialog.getByLabel(/Radius \(miles\)/)).toHaveCount(0);
  });
});

test('with the map service unreachable the user reads a plain sentence, no setting or address', async ({ page }) => {
  await signUpViaApi(page.request);
  const dialog = await openFinder(page);
  await dialog.getByLabel('Type of business').fill('florist');
  await dialog.getByLabel('Location').fill(UNREACHABLE_PLACE);
  await dialog.getByRole('button', { name: 'Search' }).click();

  await expect(dialog.getByText('The map service could not be reached. Try again in a few minutes.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(dialog.getByText(/NOMINATIM|OVERPASS|_URL|https?:\/\/|\(\d{3}\)/)).toHaveCount(0);
});
