import { expect, test } from '@playwright/test';
import { pressEscape, signUpViaApi } from './helpers';
import { listTitle, seedLeads, summaryCard } from './leads-helpers';

test('search and the status filter narrow the loaded rows; summary cards set the filter', async ({ page }) => {
  await signUpViaApi(page.request);
  await seedLeads(page.request, [
    { email: 'fay@alpha.test', firstName: 'Fay', lastName: 'Ortiz', company: 'Alpha Realty' },
    { email: 'gil@beta.test', firstName: 'Gil', lastName: 'Park', company: 'Beta Finance' },
    { email: 'hal@gamma.test', firstName: 'Hal', lastName: 'Quinn' },
  ]);
  await page.goto('/leads');
  await expect(listTitle(page)).toHaveText('Leads (3)');
  const search = page.getByPlaceholder('Search leads by name, email, or company...');

  await search.fill('ALPHA');
  await expect(listTitle(page)).toHaveText('Leads (1)');
  await expect(page.getByRole('button', { name: 'Fay Ortiz' })).toBeVisible();
  await search.fill('quinn');
  await expect(page.getByRole('button', { name: 'Hal Quinn' })).toBeVisible();
  await expect(listTitle(page)).toHaveText('Leads (1)');
  await search.fill('gil@');
  await expect(page.getByRole('button', { name: 'Gil Park' })).toBeVisible();
  await search.fill('nobody here');
  await expect(page.getByText('No leads match your filters')).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filter settings')).toBeVisible();
  await search.fill('');
  await expect(listTitle(page)).toHaveText('Leads (3)');

  const statusFilter = page.getByRole('combobox', { name: 'Status filter' });
  await expect(statusFilter).toHaveText('All Status');
  await statusFilter.click();
  await page.getByRole('option', { name: 'Bounced' }).click();
  await expect(page.getByText('No leads match your filters')).toBeVisible();

  await summaryCard(page, 'Active').click();
  await expect(statusFilter).toHaveText('Active');
  await expect(listTitle(page)).toHaveText('Leads (3)');
  await summaryCard(page, 'Unsubscribed').click();
  await expect(statusFilter).toHaveText('Unsubscribed');
  await expect(page.getByText('No leads match your filters')).toBeVisible();
  await summaryCard(page, 'Total Leads').click();
  await expect(statusFilter).toHaveText('All Status');
  await expect(listTitle(page)).toHaveText('Leads (3)');
});

test('leads load 100 at a time with "Load More Leads"', async ({ page }) => {
  await signUpViaApi(page.request);
  await seedLeads(
    page.request,
    Array.from({ length: 150 }, (_, i) => ({
      email: `bulk${String(i).padStart(3, '0')}@x.test`,
      firstName: `Bulk${i}`,
    })),
  );
  await page.goto('/leads');
  await expect(listTitle(page)).toHaveText('Leads (100)');
  await expect(summaryCard(page, 'Showing')).toContainText('100 / 150');

  await page.getByRole('button', { name: 'Load More Leads' }).click();
  await expect(listTitle(page)).toHaveText('Leads (150)');
  await expect(summaryCard(page, 'Showing')).toContainText('150 / 150');
  // The last page was not full, so there is nothing more to load.
  await expect(page.getByRole('button', { name: 'Load More Leads' })).toHaveCount(0);

  // Rows render as they scroll into view; the oldest lead is the 150th row.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const oldest = page.getByRole('listitem').filter({ hasText: 'bulk000@x.test' });
  await expect(oldest).toContainText('150');
  await expect(oldest.getByRole('button', { name: 'Bulk0', exact: true })).toBeVisible();
});

test('the filter picks role addresses or disposable domains, and the details say why they matter', async ({ page }) => {
  await signUpViaApi(page.request);
  await seedLeads(page.request, [
    { email: 'info@harbor.test', firstName: 'Ivy' },
    { email: 'sales@harbor.test', firstName: 'Sam' },
    { email: 'dana@harbor.test', firstName: 'Dana' },
    { email: 'zed@mailinator.com', firstName: 'Zed' },
  ]);
  await page.goto('/leads');
  await expect(listTitle(page)).toHaveText('Leads (4)');
  const statusFilter = page.getByRole('combobox', { name: 'Status filter' });

  await statusFilter.click();
  await page.getByRole('option', { name: 'Role addresses' }).click();
  await expect(listTitle(page)).toHaveText('Leads (2)');
  await expect(page.getByRole('button', { name: 'Ivy', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sam', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dana', exact: true })).toHaveCount(0);

  await statusFilter.click();
  await page.getByRole('option', { name: 'Disposable domains' }).click();
  await expect(listTitle(page)).toHaveText('Leads (1)');
  await expect(page.getByRole('button', { name: 'Zed', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Zed', exact: true }).click();
  const details = page.getByRole('dialog', { name: 'Client Details' });
  await expect(details.getByText('Disposable domain', { exact: true })).toBeVisible();
  await expect(details.getByText(/^Disposable addresses are throwaway inboxes/)).toBeVisible();
  await pressEscape(page);

  await statusFilter.click();
  await page.getByRole('option', { name: 'All Status' }).click();
  await expect(listTitle(page)).toHaveText('Leads (4)');
  await page.getByRole('button', { name: 'Ivy', exact: true }).click();
  await expect(details.getByText('Role address', { exact: true })).toBeVisible();
  await expect(
    details.getByText('Role addresses reach a team, not a person, and are often filtered.', { exact: true }),
  ).toBeVisible();
});

// Searching the loaded rows said "No leads match your filters" of a lead not loaded yet, until "Search all
// N leads" was clicked (which this test clicked). Now, while not every lead is loaded, the search and the filter look
// through every lead by themselves after a short pause in typing; "Load More" shows only where more matches exist.
for (const width of [390, 1366]) {
  test(`at ${width} px, search and filter look through every lead by themselves when not all are loaded`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUpViaApi(page.request);
    // The oldest lead (not among the first 100 loaded) is the only Zebra and the only one in Flagstaff.
    await seedLeads(page.request, [
      { email: 'zoe@zebra.test', firstName: 'Zoe', company: 'Zebra Works', City: 'Flagstaff' },
      ...Array.from({ length: 149 }, (_, i) => ({ email: `many${i}@x.test`, firstName: `Many${i}`, City: 'Austin' })),
    ]);
    await page.goto('/leads');
    await expect(listTitle(page)).toHaveText('Leads (100)');
    await expect(summaryCard(page, 'Showing')).toContainText('100 / 150');
    await expect(summaryCard(page, 'Showing')).toContainText('leads loaded');
    await expect(page.getByRole('button', { name: 'Load More Leads' })).toBeVisible();
    const search = page.getByPlaceholder('Search leads by name, email, or company...');

    // Typed a letter at a time, the words are asked of the server after a pause, not at each letter.
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/leads' && url.searchParams.has('search'))
        searches.push(url.searchParams.get('search') ?? '');
    });
    await search.pressSequentially('zebra', { delay: 20 });
    // "Searching all 150 leads…" shows only while the answer is on its way, which may be too short to see: the
    // answer is what is checked.
    await expect(page.getByRole('button', { name: 'Zoe', exact: true })).toBeVisible();
    expect(searches.at(-1)).toBe('zebra');
    expect(searches.length).toBeLessThan('zebra'.length);
    await expect(page.getByText('No leads match your filters')).toHaveCount(0);
    await expect(listTitle(page)).toHaveText('Leads (1)');
    await expect(page.getByText('Showing matches from all 150 leads.')).toBeVisible();
    await expect(summaryCard(page, 'Showing')).toContainText('1 / 150');
    await expect(summaryCard(page, 'Showing')).toContainText('matches loaded, from all leads');
    // Nothing more matches: no "Load More" under the one row.
    await expect(page.getByRole('button', { name: 'Load More Leads' })).toHaveCount(0);

    // A custom field's value is searched too.
    await search.fill('flagstaff');
    await expect(page.getByRole('button', { name: 'Zoe', exact: true })).toBeVisible();

    // With the status filter: Zoe is active, not unsubscribed.
    const statusFilter = page.getByRole('combobox', { name: 'Status filter' });
    await statusFilter.click();
    await page.getByRole('option', { name: 'Unsubscribed' }).click();
    await expect(page.getByText('No leads match your filters')).toBeVisible();
    await statusFilter.click();
    await page.getByRole('option', { name: 'All Status' }).click();

    // More matches than a page: "Load More" loads the rest of them, then goes.
    await search.fill('many');
    await expect(listTitle(page)).toHaveText('Leads (100)');
    await expect(page.getByText('Showing matches from all 150 leads.')).toBeVisible();
    await page.getByRole('button', { name: 'Load More Leads' }).click();
    await expect(listTitle(page)).toHaveText('Leads (149)');
    await expect(page.getByRole('button', { name: 'Load More Leads' })).toHaveCount(0);

    await search.fill('');
    await expect(page.getByText(/^Showing matches from all/)).toHaveCount(0);
    await expect(listTitle(page)).toHaveText('Leads (100)');
  });
}

test('when every lead is loaded, search narrows the loaded rows at once, with no "Load More"', async ({ page }) => {
  await signUpViaApi(page.request);
  await seedLeads(page.request, [
    { email: 'ann@one.test', firstName: 'Ann' },
    { email: 'ben@two.test', firstName: 'Ben' },
  ]);
  await page.goto('/leads');
  await expect(listTitle(page)).toHaveText('Leads (2)');
  await page.getByPlaceholder('Search leads by name, email, or company...').fill('ann');
  await expect(listTitle(page)).toHaveText('Leads (1)');
  await expect(page.getByText(/^Showing matches from all/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Load More Leads' })).toHaveCount(0);
});
