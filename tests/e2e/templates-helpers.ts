import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** What the templates specs (templates*.spec.ts) share: the Email Templates screen and its editor. */

type SeedTemplate = { name: string; subject: string; body: string; status: 'draft' | 'active' | 'archived' };

/** Creates templates through the API the editor uses, so a test can start with cards in place. */
export async function seedTemplates(request: APIRequestContext, templates: SeedTemplate[]): Promise<void> {
  for (const template of templates) {
    const response = await request.post('/api/templates', { data: template });
    expect(response.status(), await response.text()).toBe(201);
  }
}

export async function openTemplatesScreen(page: Page): Promise<void> {
  await page.goto('/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Email Templates' })).toBeVisible();
}

/** Opens the editor for a new template and waits for the body editor to load. */
export async function openNewTemplate(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Template' });
  await expect(dialog.getByRole('textbox', { name: 'Body' })).toBeVisible();
  return dialog;
}

export const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
export const previewFrame = (dialog: Locator) => dialog.frameLocator('iframe[title="Email preview"]');

export async function chooseOption(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** While the modal is open the page behind it, toasts included, is hidden from the accessibility tree. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(page.getByText(description, { exact: true })).toBeVisible();
}
