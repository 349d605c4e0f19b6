import { expect, type Page, test } from '@playwright/test';
import { signUpViaApi, toastMessage } from './helpers';
import { listTitle, seedLeads, summaryCard } from './leads-helpers';

// The list had no column headers, no sorting and no bulk actions, and the summary left out Bounced.

const rows = (page: Page) => page.getByRole('list', { name: 'Leads' }).getByRole('listitem');

/** Leads by email, as the list API answers them. */
async function leadIds(page: Page): Promise<Record<string, number>> {
  const response = await page.request.get('/api/leads');
  const leads: { id: number; email: string }[] = await response.json();
  return Object.fromEntries(leads.map((lead) => [lead.email, lead.id]));
}

async function setStatus(page: Page, id: number, status: string) {
  const response = await page.request.patch(`/api/leads/${id}`, { data: { status } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Sorts by the column's header (wide screens, clicked `clicks` times) or the "Sort by" menu (phones). */
async function sortBy(page: Page, width: number, header: string, menuLabel: string, clicks = 1) {
  if (width >= 768) {
    for (let click = 0; click < clicks; click++) {
      await page.getByRole('button', { name: new RegExp(`^(Sort by ${header}|${header}, sorted)`) }).click();
    }
  } else {
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: menuLabel, exact: true }).click();
  }
}

for (const width of [390, 1366]) {
  test(`at ${width} px, the server sorts the list by its columns, and the summary counts bounced leads`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUpViaApi(page.request);
    await seedLeads(page.request, [
      { email: 'amy@a.test', firstName: 'Amy', company: 'Zeta Books' },
      { email: 'bob@b.test', firstName: 'Bob', company: 'Alpha Bikes' },
      { email: 'cal@c.test', firstName: 'Cal', company: 'Mid Market' },
    ]);
    const ids = await leadIds(page);
    await setStatus(page, ids['bob@b.test'], 'bounced');
    await setStatus(page, ids['amy@a.test'], 'unsubscribed');
    await page.goto('/leads');
    await expect(listTitle(page)).toHaveText('Leads (3)');

    // Total = active + unsubscribed + bounced.
    await expect(summaryCard(page, 'Total Leads')).toContainText('3');
    await expect(summaryCard(page, 'Active')).toContainText('1');
    await expect(summaryCard(page, 'Unsubscribed')).toContainText('1');
    await expect(summaryCard(page, 'Bounced')).toContainText('1');
    await summaryCard(page, 'Bounced').click();
    await expect(page.getByRole('combobox', { name: 'Status filter' })).toHaveText('Bounced');
    await expect(rows(page)).toHaveText([/Bob/]);
    await summaryCard(page, 'Total Leads').click();

    // Newest first by default (uploaded together: the last row is the newest).
    await expect(rows(page)).toHaveText([/Cal/, /Bob/, /Amy/]);
    if (width >= 768) {
      for (const header of ['Name', 'Company', 'Added', 'Last contact', 'Status']) {
        await expect(
          page.getByRole('button', { name: new RegExp(`^(Sort by ${header}|${header}, sorted)`) }),
        ).toBeVisible();
      }
      await expect(page.getByRole('button', { name: 'Added, sorted newest first' })).toBeVisible();
    }
    // The server sorts: the list asks for the order.
    const asked = page.waitForRequest((request) => new URL(request.url()).searchParams.get('sort') === 'company-asc');
    await sortBy(page, width, 'Company', 'Company A–Z');
    await asked;
    await expect(rows(page)).toHaveText([/Alpha Bikes/, /Mid Market/, /Zeta Books/]);
    await sortBy(page, width, 'Name', 'Name A–Z');
    await expect(rows(page)).toHaveText([/Amy/, /Bob/, /Cal/]);
    if (width >= 768) await expect(page.getByRole('button', { name: 'Name, sorted A to Z' })).toBeVisible();
    await sortBy(page, width, 'Name', 'Name Z–A');
    await expect(rows(page)).toHaveText([/Cal/, /Bob/, /Amy/]);
    await sortBy(page, width, 'Status', 'Status A–Z');
    await expect(rows(page)).toHaveText([/active/i, /bounced/i, /unsubscribed/i]);
    // A first click on Added sorts newest first, a second oldest first.
    await sortBy(page, width, 'Added', 'Oldest first', 2);
    await expect(rows(page)).toHaveText([/Amy/, /Bob/, /Cal/]);
    if (width >= 768) await expect(rows(page).first()).toContainText('Never');
  });

  test(`at ${width} px, selected leads are set to a status, deleted, or handed to the dashboard as recipients`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUpViaApi(page.request);
    await seedLeads(page.request, [
      { email: 'dee@d.test', firstName: 'Dee' },
      { email: 'eve@e.test', firstName: 'Eve' },
      { email: 'fox@f.test', firstName: 'Fox' },
      { email: 'gus@g.test', firstName: 'Gus' },
    ]);
    await page.goto('/leads');
    await expect(listTitle(page)).toHaveText('Leads (4)');
    const select = (email: string) => page.getByRole('checkbox', { name: `Select ${email}` });
    const bar = page.getByRole('region', { name: 'Selected leads' });

    // Every row shown, then none.
    await page.getByRole('checkbox', { name: 'Select all shown leads' }).check();
    await expect(bar.getByText('4 selected')).toBeVisible();
    await bar.getByRole('button', { name: 'Clear selection' }).click();
    await expect(bar).toBeHidden();

    // Set a status to two of them: one request, and the counts follow.
    await select('dee@d.test').check();
    await select('eve@e.test').check();
    await expect(bar.getByText('2 selected')).toBeVisible();
    await bar.getByRole('button', { name: 'Set status' }).click();
    await page.getByRole('menuitem', { name: 'Bounced' }).click();
    await expect(toastMessage(page)).toContainText('2 leads set to Bounced.');
    await expect(summaryCard(page, 'Bounced')).toContainText('2');
    await expect(summaryCard(page, 'Active')).toContainText('2');
    await expect(bar).toBeHidden();

    // Delete one, after the question.
    await select('fox@f.test').check();
    await bar.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Leads' });
    await expect(
      confirm.getByText('Are you sure you want to delete 1 lead? This action cannot be undone.'),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toastMessage(page)).toContainText('1 lead deleted');
    await expect(listTitle(page)).toHaveText('Leads (3)');
    await expect(summaryCard(page, 'Total Leads')).toContainText('3');
    await expect(page.getByText('fox@f.test')).toHaveCount(0);

    // The active one of two selected goes to the dashboard's recipients; the bounced one cannot be mailed.
    await select('gus@g.test').check();
    await select('dee@d.test').check();
    await bar.getByRole('button', { name: 'Use as recipients' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Mass Email Campaign' })).toBeVisible();
    await expect(page.getByText(/^1 selected\./)).toBeVisible();
    await expect(toastMessage(page)).toContainText('1 lead not active left out: only active leads can be mailed.');
  });
}
