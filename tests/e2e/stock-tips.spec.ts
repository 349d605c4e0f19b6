import { expect, test } from '@playwright/test';
import { signUpViaApi, toastMessage } from './helpers';

test.describe('Stock Tips', () => {
  test('empty state, then refreshes showing the sample tip, its colours, P/E and badge', async ({ page }) => {
    // Software suits the technology list: Apple (up), NVIDIA and CrowdStrike (down), Intel (down, no P/E).
    await signUpViaApi(page.request, { industry: 'Software development' });
    await page.goto('/stock-tips');
    await expect(page.getByRole('heading', { level: 1, name: 'Stock Tips' })).toBeVisible();
    await expect(page.getByText('Stock Tip of the Day')).toBeVisible();
    await expect(page.getByText('No stock tip available')).toBeVisible();
    await expect(page.getByText('Click refresh to generate a new stock tip')).toBeVisible();
    await expect(page.getByText('About Stock Tips')).toBeVisible();
    await expect(page.getByRole('note')).toContainText('informational purposes only and are not financial advice');

    const symbol = page.getByRole('heading', { level: 2 });
    const change = page.locator('[data-trend]');
    const seen = { up: false, down: false, noPe: false };
    let previous = '';
    for (let i = 0; i < 4; i++) {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(symbol).not.toHaveText(previous);
      if (i === 0) {
        await expect(toastMessage(page)).toContainText('Stock Tip Refreshed');
        // The quote is the bundled sample: the toast says so, as the card does, instead of "fresh market data".
        await expect(toastMessage(page)).toContainText(
          /A new stock tip has been generated from sample market data \(the historical close of \d{4}-\d{2}-\d{2}\), not today's market\./,
        );
      }
      previous = (await symbol.textContent()) ?? '';
      await expect(page.getByText('Sample data', { exact: true })).toBeVisible();
      await expect(page.getByText(/^\$\d+\.\d{2}$/)).toBeVisible();
      await expect(page.getByText(/^(BUY|SELL|HOLD)( • Target: \$\d+\.\d{2})?$/)).toBeVisible();
      await expect(page.getByText('AI Analysis')).toBeVisible();

      const text = (await change.textContent()) ?? '';
      if (text.startsWith('+')) {
        seen.up = true;
        await expect(change).toHaveClass(/text-emerald-600/);
        await expect(change).toHaveAttribute('data-trend', 'up');
      } else {
        seen.down = true;
        expect(text).toMatch(/^-\d+\.\d{2}%$/);
        await expect(change).toHaveClass(/text-red-600/);
      }
      const pe = page.getByRole('definition').nth(2);
      if (previous === 'INTC') {
        seen.noPe = true;
        await expect(pe).toHaveText('N/A');
      } else {
        await expect(pe).toHaveText(/^\d+\.\d$/);
      }
    }
    expect(seen).toEqual({ up: true, down: true, noPe: true });
  });

  test('the Auto-include switch is on by default and toggles without a call', async ({ page }) => {
    await signUpViaApi(page.request);
    expect((await page.request.post('/api/stock-tip/refresh')).status()).toBe(200);
    await page.goto('/stock-tips');
    await expect(page.getByText('Auto-added to all emails')).toBeVisible();
    const autoInclude = page.getByRole('switch', { name: 'Auto-include' });
    await expect(autoInclude).toBeChecked();

    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
    });
    await autoInclude.click();
    await expect(autoInclude).not.toBeChecked();
    await autoInclude.click();
    await expect(autoInclude).toBeChecked();
    expect(calls).toEqual([]);
  });
});
