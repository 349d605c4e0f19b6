import { expect, type Page, test } from '@playwright/test';
import { supportEmail } from './global-setup';
import { signUpViaApi } from './helpers';

const topics = [
  'Email Accounts Setup',
  'Managing Leads',
  'Creating Email Templates',
  'Sending Campaigns',
  'Tracking Analytics',
  'Stock Tips Integration',
  'Managing Responses',
];

function topic(page: Page, title: string) {
  return page.getByRole('button', { name: title });
}

function panel(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}

test.beforeEach(async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/instructions');
});

test('the guide shows its sections and the seven topics in order, all closed', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1, name: 'How to Use LocalReach' })).toBeVisible();
  for (const heading of ['Getting Started', 'Feature Guide', 'Best Practices', 'Need Help?']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  const triggers = page.locator('[data-slot="accordion-trigger"]');
  await expect(triggers).toHaveText(topics);
  for (const title of topics) {
    await expect(topic(page, title)).toHaveAttribute('aria-expanded', 'false');
    await expect(panel(page, title)).toBeHidden();
  }
  await expect(page.getByText('Publish SPF and DKIM records')).toBeVisible();
  await expect(page.getByText('Subscribers get priority support by email')).toBeVisible();
  // Help promises email support, so it says where to write (the server's SUPPORT_EMAIL).
  await expect(page.getByRole('link', { name: supportEmail })).toHaveAttribute('href', `mailto:${supportEmail}`);
  await expect(page.getByRole('link', { name: 'Open Email Accounts' })).toHaveAttribute('href', '/accounts');
});

test('opening a topic shows its text, and opening another closes the first', async ({ page }) => {
  await topic(page, 'Email Accounts Setup').click();
  await expect(topic(page, 'Email Accounts Setup')).toHaveAttribute('aria-expanded', 'true');
  await expect(panel(page, 'Email Accounts Setup')).toContainText('Each mailbox sends up to 300 emails a day');

  await topic(page, 'Managing Leads').click();
  await expect(panel(page, 'Managing Leads')).toContainText('an email column is required');
  await expect(topic(page, 'Email Accounts Setup')).toHaveAttribute('aria-expanded', 'false');
  await expect(panel(page, 'Email Accounts Setup')).toBeHidden();

  // The open topic's own trigger closes it: the accordion is collapsible.
  await topic(page, 'Managing Leads').click();
  await expect(panel(page, 'Managing Leads')).toBeHidden();
  await expect(page.locator('[data-slot="accordion-content"]:visible')).toHaveCount(0);
});

test('the topics work from the keyboard', async ({ page }) => {
  await topic(page, 'Sending Campaigns').focus();
  await page.keyboard.press('Enter');
  await expect(panel(page, 'Sending Campaigns')).toContainText('One campaign email per lead per week');

  await page.keyboard.press('ArrowDown');
  await expect(topic(page, 'Tracking Analytics')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(panel(page, 'Tracking Analytics')).toContainText('not counted');
  await expect(panel(page, 'Sending Campaigns')).toBeHidden();

  await page.keyboard.press('Space');
  await expect(panel(page, 'Tracking Analytics')).toBeHidden();

  await page.keyboard.press('End');
  await expect(topic(page, 'Managing Responses')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(topic(page, 'Email Accounts Setup')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(topic(page, 'Managing Responses')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(topic(page, 'Email Accounts Setup')).toBeFocused();
});

test('the stock tips topic says tips are not financial advice', async ({ page }) => {
  await topic(page, 'Stock Tips Integration').click();
  await expect(panel(page, 'Stock Tips Integration')).toContainText('not financial advice');
  await expect(panel(page, 'Stock Tips Integration')).toContainText('Include stock tip');
});
