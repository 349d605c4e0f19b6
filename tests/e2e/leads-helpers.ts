import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** What the leads specs (leads*.spec.ts) share: leads seeded through the API, and the Leads screen's figures. */

/** Imports rows through the API the dialog uses, so a test can start with leads in place. */
export async function seedLeads(request: APIRequestContext, rows: Record<string, string>[]): Promise<void> {
  const response = await request.post('/api/leads/upload-csv', { data: { csvData: rows, firstRowNumber: 2 } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The label and value of one summary card; clicking it clicks the card. */
export function summaryCard(page: Page, label: string) {
  return page.getByRole('region', { name: 'Lead summary' }).getByText(label, { exact: true }).locator('..');
}

export const listTitle = (page: Page) => page.getByText(/^Leads \(\d[\d,]*\)$/);
