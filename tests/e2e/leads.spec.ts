import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { pressEscape, signUpViaApi, toastMessage } from './helpers';
import { E2E_POSTGRES_PORT, historyDatabaseUrl } from './postgres-database';

const sampleCsv = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'leads-sample.csv');

/** Imports rows through the API the dialog uses, so a test can start with leads in place. */
async function seedLeads(request: APIRequestContext, rows: Record<string, string>[]): Promise<void> {
  const response = await request.post('/api/leads/upload-csv', { data: { csvData: rows, firstRowNumber: 2 } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The label and value of one summary card; clicking it clicks the card. */
function summaryCard(page: Page, label: string) {
  return page.getByRole('region', { name: 'Lead summary' }).getByText(label, { exact: true }).locator('..');
}

const listTitle = (page: Page) => page.getByText(/^Leads \(\d[\d,]*\)$/);

test('a CSV file is previewed, uploaded and its leads listed', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/leads');
  await expect(page.getByRole('heading', { level: 1, name: 'Leads Database' })).toBeVisible();
  await expect(page.getByText('Manage your email contacts and subscribers')).toBeVisible();
  await expect(page.getByText('No leads yet')).toBeVisible();
  await expect(page.getByText('Upload a CSV file to add your first leads')).toBeVisible();

  await page.getByRole('button', { name: 'Upload CSV File' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Leads from CSV' });
  await dialog.getByLabel('CSV file').setInputFiles(sampleCsv);

  // The preview shows the header and the first 5 of the 6 rows, values as text.
  await expect(dialog.getByRole('columnheader', { name: 'Company Name' })).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'Harbor Homes, LLC' })).toBeVisible();
  await expect(dialog.getByRole('cell', { name: '<b>Bold</b>' })).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'not-an-email' })).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'cara.diaz@oak.test' })).toHaveCount(0);
  await expect(dialog.getByText('An email column is required.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Upload Leads' }).click();
  await expect(dialog.getByText('Upload Complete')).toBeVisible();
  await expect(dialog.getByText('Leads Added').locator('..')).toHaveText('4Leads Added');
  await expect(dialog.getByText('Duplicates Skipped').locator('..')).toHaveText('1Duplicates Skipped');
  await expect(dialog.getByText('Errors', { exact: true }).locator('..')).toHaveText('1Errors');
  await expect(dialog.getByText(/Leads are skipped when their email is already in your database/)).toBeVisible();
  await expect(dialog.getByText(/^Row 6: not-an-email — /)).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  await expect(listTitle(page)).toHaveText('Leads (4)');
  await expect(summaryCard(page, 'Showing')).toContainText('4 / 4');
  await expect(summaryCard(page, 'Total Leads')).toContainText('4');
  await expect(page.getByRole('button', { name: 'Ann Lee' })).toBeVisible();
  await expect(page.getByText('Harbor Homes, LLC')).toBeVisible();
  // Markup in a name is shown as the text it is.
  await expect(page.getByRole('button', { name: '<b>Bold</b> <script>x</script>' })).toBeVisible();
  await expect(page.getByText(/^Added [A-Z][a-z]{2} \d{2}, \d{4}$/).first()).toBeVisible();

  // "Download CSV" saves every lead; the formula cell comes back escaped so spreadsheets show it as text.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = await readFile(await download.path(), 'utf8');
  expect(exported).toContain('cara.diaz@oak.test');
  expect(exported).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
});

test('the upload dialog refuses other files and a CSV without an email column', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/leads');
  await page.getByRole('button', { name: 'Upload CSV', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Leads from CSV' });

  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4'),
  });
  // While a modal dialog is open the page behind it, toasts included, is hidden from the accessibility tree.
  await expect(page.getByText('Invalid File', { exact: true })).toBeVisible();
  await expect(page.getByText('Please select a valid CSV file', { exact: true })).toBeVisible();

  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('name;phone\nAnn;555-0100\n'),
  });
  await expect(dialog.getByText(/This file has no email column/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload Leads' })).toBeDisabled();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No leads yet')).toBeVisible();
});

test('a lead is added, its details shown, and deleted', async ({ page }) => {
  await signUpViaApi(page.request);
  await seedLeads(page.request, [
    {
      email: 'dana@shop.test',
      'first name': 'Dana',
      surname: 'Ross',
      Organisation: 'Ross Bakery',
      Website: 'rossbakery.test',
      Phone: '555-0199',
      Notes: '<img src=x onerror=alert(1)>',
      Fax: '',
    },
  ]);
  await page.goto('/leads');
  await expect(listTitle(page)).toHaveText('Leads (1)');

  await page.getByRole('button', { name: 'Add Lead' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add New Lead' });
  await addDialog.getByLabel('Email *').fill('not an email');
  await addDialog.getByRole('button', { name: 'Add Lead' }).click();
  await expect(addDialog.getByText('Invalid email address')).toBeVisible();

  await addDialog.getByLabel('Email *').fill('eli@north.test');
  await addDialog.getByLabel('First Name').fill('Eli');
  await addDialog.getByLabel('Last Name').fill('North');
  await addDialog.getByLabel('Company').fill('North Co');
  await addDialog.getByRole('button', { name: 'Add Lead' }).click();
  await expect(toastMessage(page)).toContainText('Lead added successfully');
  await expect(addDialog).toBeHidden();
  await expect(listTitle(page)).toHaveText('Leads (2)');
  await expect(page.getByRole('button', { name: 'Eli North' })).toBeVisible();

  // The same email again is refused with the server's message.
  await page.getByRole('button', { name: 'Add Lead' }).click();
  await addDialog.getByLabel('Email *').fill('ELI@north.test');
  await addDialog.getByRole('button', { name: 'Add Lead' }).click();
  await expect(page.getByText('Error', { exact: true })).toBeVisible();
  await expect(page.getByText('A lead with this email already exists', { exact: true })).toBeVisible();
  await addDialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Dana Ross' }).click();
  const details = page.getByRole('dialog', { name: 'Client Details' });
  await expect(details.getByRole('heading', { name: 'Dana Ross' })).toBeVisible();
  await expect(details.getByText('dana@shop.test')).toBeVisible();
  await expect(details.getByText('Ross Bakery')).toBeVisible();
  await expect(details.getByText('Emails Sent').locator('..')).toHaveText('Emails Sent0');
  await expect(details.getByText('Response Status').locator('..')).toHaveText('Response StatusNo Response');
  await expect(details.getByText('Last Contact').locator('..')).toHaveText('Last ContactNever');
  await expect(details.getByText('Additional Information')).toBeVisible();
  await expect(details.getByText('555-0199')).toBeVisible();
  await expect(details.getByText('<img src=x onerror=alert(1)>')).toBeVisible();
  const website = details.getByRole('link', { name: 'rossbakery.test' });
  await expect(website).toHaveAttribute('href', 'https://rossbakery.test/');
  await expect(website).toHaveAttribute('target', '_blank');
  // The lead's own columns, under any spelling, and empty values are not repeated as additional information.
  await expect(details.getByText('Organisation')).toHaveCount(0);
  await expect(details.getByText('surname')).toHaveCount(0);
  await expect(details.getByText('Fax')).toHaveCount(0);
  await expect(details.getByText('No email communication history')).toBeVisible();

  await details.getByRole('button', { name: 'Delete Lead' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Lead' });
  await expect(
    confirm.getByText('Are you sure you want to delete this lead? This action cannot be undone.', { exact: true }),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toastMessage(page)).toContainText('Lead deleted successfully');
  await expect(details).toBeHidden();
  await expect(page.getByRole('button', { name: 'Dana Ross' })).toHaveCount(0);
  await expect(listTitle(page)).toHaveText('Leads (1)');
  await expect(summaryCard(page, 'Total Leads')).toContainText('1');
});

test('a row deletes only once the app’s confirm is accepted', async ({ page }) => {
  await signUpViaApi(page.request);
  await seedLeads(page.request, [{ email: 'keep@x.test', firstName: 'Kim' }]);
  await page.goto('/leads');
  const deleteButton = page.getByRole('button', { name: 'Delete keep@x.test' });
  const confirm = page.getByRole('alertdialog', { name: 'Delete Lead' });

  await deleteButton.click();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: 'Kim' })).toBeVisible();

  await deleteButton.click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toastMessage(page)).toContainText('Lead deleted successfully');
  await expect(page.getByText('No leads yet')).toBeVisible();
  await expect(summaryCard(page, 'Showing')).toContainText('0 / 0');
});

test('details of a lead deleted elsewhere read "Lead not found"', async ({ page }) => {
  await signUpViaApi(page.request);
  await seedLeads(page.request, [{ email: 'gone@x.test', firstName: 'Gus' }]);
  await page.goto('/leads');
  await expect(page.getByRole('button', { name: 'Gus' })).toBeVisible();
  const leads = await (await page.request.get('/api/leads?limit=100&offset=0')).json();
  await page.request.delete(`/api/leads/${leads[0].id}`);

  await page.getByRole('button', { name: 'Gus' }).click();
  await expect(page.getByRole('dialog', { name: 'Client Details' }).getByText('Lead not found')).toBeVisible();
});

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

test('Esc on the delete confirm closes only the confirm; the deleted lead is never asked for again', async ({
  page,
}) => {
  await signUpViaApi(page.request);
  await seedLeads(page.request, [{ email: 'esc@x.test', firstName: 'Esme' }]);
  await page.goto('/leads');
  await page.getByRole('button', { name: 'Esme' }).click();
  const details = page.getByRole('dialog', { name: 'Client Details' });
  await expect(details.getByText('No email communication history')).toBeVisible();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Lead' });

  await details.getByRole('button', { name: 'Delete Lead' }).click();
  await expect(confirm).toBeVisible();
  await pressEscape(page);
  await expect(confirm).toBeHidden();
  await expect(details).toBeVisible();
  await expect(details.getByRole('heading', { name: 'Esme' })).toBeVisible();

  // Reads of the lead after its DELETE left would be 404s: there must be none.
  const [{ id }] = await (await page.request.get('/api/leads?limit=100&offset=0')).json();
  const askedAfterDelete: string[] = [];
  let deleted = false;
  page.on('request', (request) => {
    const url = new URL(request.url()).pathname;
    if (request.method() === 'DELETE' && url === `/api/leads/${id}`) deleted = true;
    else if (deleted && (url === `/api/leads/${id}` || url === `/api/lead-contact-history/${id}`)) {
      askedAfterDelete.push(`${request.method()} ${url}`);
    }
  });
  await details.getByRole('button', { name: 'Delete Lead' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toastMessage(page)).toContainText('Lead deleted successfully');
  await expect(details).toBeHidden();
  await page.waitForTimeout(500);
  expect(deleted).toBe(true);
  expect(askedAfterDelete).toEqual([]);
});

test('a row shows a pointer, its email can be selected and copied, and Enter opens it', async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpViaApi(page.request);
  await seedLeads(page.request, [{ email: 'copy.me@corner.test', firstName: 'Cora', company: 'Corner Shop' }]);
  await page.goto('/leads');
  const row = page.getByRole('listitem').filter({ hasText: 'copy.me@corner.test' });
  await expect(row.locator('> div')).toHaveCSS('cursor', 'pointer');
  const details = page.getByRole('dialog', { name: 'Client Details' });

  // Three clicks on the email select it whole, and the details stay closed.
  const email = row.getByText('copy.me@corner.test', { exact: true });
  await email.click({ clickCount: 3 });
  await expect(details).toBeHidden();
  expect((await page.evaluate(() => window.getSelection()?.toString() ?? '')).trim()).toBe('copy.me@corner.test');
  await page.keyboard.press('ControlOrMeta+C');
  expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe('copy.me@corner.test');

  // A click elsewhere on the row opens the details.
  await page.evaluate(() => window.getSelection()?.removeAllRanges());
  await row.getByText('Corner Shop').click();
  await expect(details).toBeVisible();
  await pressEscape(page);
  await expect(details).toBeHidden();

  // Keyboard users reach the name and open the details with Enter.
  await row.getByRole('button', { name: 'Cora' }).focus();
  await page.keyboard.press('Enter');
  await expect(details.getByRole('heading', { name: 'Cora' })).toBeVisible();
});

test('on a phone a row shows the whole email, wrapping, and the company under it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page.request);
  const email = 'bartholomew.featherstonehaugh-worthington@very-long-company-domain.test';
  await seedLeads(page.request, [{ email, firstName: 'Bart', company: 'Featherstonehaugh Bakery' }]);
  await page.goto('/leads');
  const row = page.getByRole('listitem').filter({ hasText: email });
  const shownEmail = row.getByText(email, { exact: true });
  await expect(shownEmail).toBeVisible();
  // Nothing cut off: the text fits its box, and its box fits the screen.
  expect(await shownEmail.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const emailBox = await shownEmail.boundingBox();
  expect(emailBox && emailBox.x + emailBox.width).toBeLessThanOrEqual(390);
  expect(emailBox?.height).toBeGreaterThan(25); // wrapped onto more than one line
  const company = row.getByText('Featherstonehaugh Bakery', { exact: true });
  await expect(company).toBeVisible();
  const companyBox = await company.boundingBox();
  expect(companyBox && emailBox && companyBox.y >= emailBox.y + emailBox.height - 1).toBe(true);
});

test('"Search all N leads" asks the server when the loaded rows hold few matches', async ({ page }) => {
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
  const search = page.getByPlaceholder('Search leads by name, email, or company...');

  await search.fill('zebra');
  await expect(page.getByText('No leads match your filters')).toBeVisible();
  await expect(summaryCard(page, 'Showing')).toContainText('leads loaded; 0 of them match');
  await page.getByRole('button', { name: 'Search all 150 leads' }).click();
  await expect(page.getByRole('button', { name: 'Zoe', exact: true })).toBeVisible();
  await expect(listTitle(page)).toHaveText('Leads (1)');
  await expect(page.getByText('Showing matches from all 150 leads.')).toBeVisible();
  await expect(summaryCard(page, 'Showing')).toContainText('1 / 150');
  await expect(summaryCard(page, 'Showing')).toContainText('matches loaded, from all leads');

  // A custom field's value is searched too; new words go back to the loaded rows until asked again.
  await search.fill('flagstaff');
  await expect(page.getByText('No leads match your filters')).toBeVisible();
  await page.getByRole('button', { name: 'Search all 150 leads' }).click();
  await expect(page.getByRole('button', { name: 'Zoe', exact: true })).toBeVisible();

  // With the status filter: Zoe is active, not unsubscribed.
  const statusFilter = page.getByRole('combobox', { name: 'Status filter' });
  await statusFilter.click();
  await page.getByRole('option', { name: 'Unsubscribed' }).click();
  await page.getByRole('button', { name: 'Search all 150 leads' }).click();
  await expect(page.getByText('No leads match your filters')).toBeVisible();
  await statusFilter.click();
  await page.getByRole('option', { name: 'All Status' }).click();

  // A page of matches among the loaded rows: nothing to offer.
  await search.fill('many');
  await expect(listTitle(page)).toHaveText('Leads (100)');
  await expect(page.getByRole('button', { name: /^Search all/ })).toHaveCount(0);
  await search.fill('many1');
  await expect(page.getByRole('button', { name: 'Search all 150 leads' })).toBeVisible();
  await search.fill('');
  await expect(page.getByRole('button', { name: /^Search all/ })).toHaveCount(0);
  await expect(listTitle(page)).toHaveText('Leads (100)');
});

test('a lead is edited and its status changed by hand in Client Details', async ({ page }) => {
  await signUpViaApi(page.request);
  await seedLeads(page.request, [
    { email: 'ed@edit.test', firstName: 'Ed', company: 'Old Name', Phone: '555-0100' },
    { email: 'taken@edit.test', firstName: 'Tia' },
  ]);
  await page.goto('/leads');
  await expect(summaryCard(page, 'Active')).toContainText('2');
  await page.getByRole('button', { name: 'Ed', exact: true }).click();
  const details = page.getByRole('dialog', { name: 'Client Details' });
  await details.getByRole('button', { name: 'Edit Lead' }).click();

  await details.getByLabel('Email *').fill('not an email');
  await details.getByRole('button', { name: 'Save Changes' }).click();
  await expect(details.getByText('Invalid email address')).toBeVisible();
  await details.getByLabel('Email *').fill('TAKEN@edit.test');
  await details.getByRole('button', { name: 'Save Changes' }).click();
  // (The open dialog hides the rest of the page from the accessibility tree, so the toast is found by its text.)
  await expect(page.getByText('A lead with this email already exists', { exact: true })).toBeVisible();

  await details.getByLabel('Email *').fill('ed@edit.test');
  await details.getByLabel('Last Name').fill('Stone');
  await details.getByLabel('Company').fill('Stone Masonry');
  await details.getByRole('button', { name: 'Add Field' }).click();
  await details.getByLabel('Field 2 name').fill('City');
  await details.getByLabel('Field 2 value').fill('Tucson');
  await details.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Unsubscribed' }).click();
  await details.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Lead updated successfully', { exact: true })).toBeVisible();

  await expect(details.getByRole('heading', { name: 'Ed Stone' })).toBeVisible();
  await expect(details.getByText('Stone Masonry')).toBeVisible();
  await expect(details.getByText('Tucson')).toBeVisible();
  await expect(details.getByText('555-0100')).toBeVisible();
  await expect(details.getByText('unsubscribed', { exact: true })).toBeVisible();
  await expect(details.getByText(/^Marked unsubscribed by hand \([A-Z][a-z]{2} \d{2}, \d{4}\)$/)).toBeVisible();
  // (Esc would first close the toast, the top-most layer.)
  await details.getByRole('button', { name: 'Close' }).click();

  // The row and the counts follow, without reloading the list.
  await expect(page.getByRole('button', { name: 'Ed Stone' })).toBeVisible();
  await expect(summaryCard(page, 'Active')).toContainText('1');
  await expect(summaryCard(page, 'Unsubscribed')).toContainText('1');

  // Set back to active by hand: the user's own change needs no consent.
  await page.getByRole('button', { name: 'Ed Stone' }).click();
  await details.getByRole('button', { name: 'Edit Lead' }).click();
  await details.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Active' }).click();
  await details.getByRole('button', { name: 'Save Changes' }).click();
  await expect(details.getByText(/^Set to active by hand/)).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(summaryCard(page, 'Unsubscribed')).toContainText('0');
  await expect(summaryCard(page, 'Active')).toContainText('2');
});

test.describe('a bounced lead (PostgreSQL, its state laid down with SQL)', () => {
  test.use({ baseURL: `http://localhost:${E2E_POSTGRES_PORT}` });

  test('its details say why it bounced', async ({ page }) => {
    await signUpViaApi(page.request);
    const email = `tom-${Date.now()}@nomail.test`;
    await seedLeads(page.request, [{ email, firstName: 'Tom' }]);
    const db = new pg.Client({ connectionString: await historyDatabaseUrl() });
    await db.connect();
    try {
      await db.query(
        "UPDATE leads SET status = 'bounced', status_reason = 'No mail server for this domain' WHERE email = $1",
        [email],
      );
    } finally {
      await db.end();
    }

    await page.goto('/leads');
    await page.getByRole('button', { name: 'Tom', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Client Details' });
    await expect(details.getByText('bounced', { exact: true })).toBeVisible();
    await expect(details.getByText('No mail server for this domain', { exact: true })).toBeVisible();
  });

  test('setting a lead who unsubscribed themselves back to active asks whether they asked for it', async ({ page }) => {
    await signUpViaApi(page.request);
    const email = `una-${Date.now()}@optout.test`;
    await seedLeads(page.request, [{ email, firstName: 'Una' }]);
    const db = new pg.Client({ connectionString: await historyDatabaseUrl() });
    await db.connect();
    try {
      await db.query(
        "UPDATE leads SET status = 'unsubscribed', status_reason = 'Unsubscribed with the link in an email' WHERE email = $1",
        [email],
      );
    } finally {
      await db.end();
    }

    await page.goto('/leads');
    await page.getByRole('button', { name: 'Una', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Client Details' });
    await expect(details.getByText('Unsubscribed with the link in an email', { exact: true })).toBeVisible();
    await details.getByRole('button', { name: 'Edit Lead' }).click();
    await details.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Active' }).click();
    await details.getByRole('button', { name: 'Save Changes' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Set back to active?' });
    await expect(
      ask.getByText(/Set them back to active only if they asked to receive your emails again\./),
    ).toBeVisible();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(details.getByRole('button', { name: 'Save Changes' })).toBeVisible();

    await details.getByRole('button', { name: 'Save Changes' }).click();
    await ask.getByRole('button', { name: 'They asked again' }).click();
    await expect(page.getByText('Lead updated successfully', { exact: true })).toBeVisible();
    await expect(details.getByText('active', { exact: true })).toBeVisible();
    await expect(details.getByText(/^Set to active by hand: they asked to receive emails again/)).toBeVisible();
  });
});
