import { expect, test } from '@playwright/test';
import pg from 'pg';
import { pressEscape, signUpViaApi, toastMessage } from './helpers';
import { listTitle, seedLeads, summaryCard } from './leads-helpers';
import { E2E_POSTGRES_PORT, historyDatabaseUrl } from './postgres-database';

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
