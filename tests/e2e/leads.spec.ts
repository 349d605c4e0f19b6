import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { pressEscape, signUpViaApi } from './helpers';
import { listTitle, seedLeads, summaryCard } from './leads-helpers';

const sampleCsv = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'leads-sample.csv');

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
  // The date added is a column under its header (the list had no headers; the row said "Added …").
  await expect(page.getByRole('button', { name: 'Added, sorted newest first' })).toBeVisible();
  await expect(page.getByText(/^[A-Z][a-z]{2} \d{2}, \d{4}$/).first()).toBeVisible();

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

// A click on the email did nothing though the row shows a pointer; the whole row opens the details now,
// the email included (this test asserted that three clicks on the email left them closed). Copying stays possible by
// dragging over the email (a click that ends a selection opens nothing), and from Client Details.
for (const width of [390, 1366]) {
  test(`at ${width} px, a click anywhere on a row opens it, the email included; a drag selects; Enter opens it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUpViaApi(page.request);
    await seedLeads(page.request, [{ email: 'copy.me@corner.test', firstName: 'Cora', company: 'Corner Shop' }]);
    await page.goto('/leads');
    const row = page.getByRole('listitem').filter({ hasText: 'copy.me@corner.test' });
    await expect(row.locator('> div')).toHaveCSS('cursor', 'pointer');
    const details = page.getByRole('dialog', { name: 'Client Details' });

    const email = row.getByText('copy.me@corner.test', { exact: true });
    await email.click();
    await expect(details.getByRole('heading', { name: 'Cora' })).toBeVisible();
    await pressEscape(page);
    await expect(details).toBeHidden();

    // A drag over the email selects it to copy, and the details stay closed.
    const box = await email.boundingBox();
    if (!box) throw new Error('the email is not on screen');
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect((await page.evaluate(() => window.getSelection()?.toString() ?? '')).length).toBeGreaterThan(5);
    await expect(details).toBeHidden();

    // A click elsewhere on the row opens the details; its checkbox only selects it.
    await page.evaluate(() => window.getSelection()?.removeAllRanges());
    await row.getByText('Corner Shop').click();
    await expect(details).toBeVisible();
    await pressEscape(page);
    await expect(details).toBeHidden();
    await row.getByRole('checkbox', { name: 'Select copy.me@corner.test' }).click();
    await expect(page.getByText('1 selected')).toBeVisible();
    await expect(details).toBeHidden();

    // Keyboard users: Tab from the row's checkbox reaches the name, and Enter opens the details.
    await row.getByRole('checkbox', { name: 'Select copy.me@corner.test' }).focus();
    await page.keyboard.press('Tab');
    await expect(row.getByRole('button', { name: 'Cora' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(details.getByRole('heading', { name: 'Cora' })).toBeVisible();
  });
}

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
