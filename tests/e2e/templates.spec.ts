import { expect, test } from '@playwright/test';
import { pressEscape, signUpViaApi, toastMessage } from './helpers';
import {
  card,
  chooseOption,
  expectToast,
  openNewTemplate,
  openTemplatesScreen,
  seedTemplates,
} from './templates-helpers';

test('a new account shows the empty state, and an empty template is not saved', async ({ page }) => {
  await signUpViaApi(page.request);
  await openTemplatesScreen(page);
  await expect(page.getByText('No templates yet')).toBeVisible();

  await page.getByRole('button', { name: 'Create Your First Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Template' });
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expectToast(page, 'Missing Information', 'Please fill in all required fields (name, subject, and body).');

  // Spaces and an editor holding only empty paragraphs count as empty.
  await dialog.getByLabel('Name', { exact: true }).fill('   ');
  await dialog.getByLabel('Subject', { exact: true }).fill('A subject');
  await dialog.getByRole('textbox', { name: 'Body' }).click();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expectToast(page, 'Missing Information');
  await expect(dialog).toBeVisible();
  expect(await (await page.request.get('/api/templates')).json()).toEqual([]);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No templates yet')).toBeVisible();
});

test('templates are filtered by status and searched by name and subject', async ({ page }) => {
  await signUpViaApi(page.request);
  await seedTemplates(page.request, [
    { name: 'Old Promo', subject: 'Spring sale', body: '<p>Last year&#39;s offer</p>', status: 'archived' },
    { name: 'Follow Up', subject: 'Checking in with {company}', body: '<p>Just following up</p>', status: 'draft' },
    // Markup typed as text stays text in the card excerpt.
    {
      name: 'Welcome Note',
      subject: 'Welcome aboard',
      body: '<p>&lt;b&gt;Hello&lt;/b&gt; there</p>',
      status: 'active',
    },
  ]);
  await openTemplatesScreen(page);
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(card(page, 'Welcome Note')).toContainText('<b>Hello</b> there');

  const statusFilter = page.getByRole('combobox', { name: 'Status filter' });
  await chooseOption(page, statusFilter, 'Archived');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Old Promo')).toBeVisible();
  await chooseOption(page, statusFilter, 'Draft');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Follow Up')).toBeVisible();
  await chooseOption(page, statusFilter, 'All Status');
  await expect(page.getByRole('article')).toHaveCount(3);

  const search = page.getByRole('searchbox', { name: 'Search templates' });
  await search.fill('SPRING');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Old Promo')).toBeVisible();
  await search.fill('welcome');
  await expect(page.getByRole('article')).toHaveCount(1);
  await chooseOption(page, statusFilter, 'Archived');
  await expect(page.getByText('No templates match your filters')).toBeVisible();
  await chooseOption(page, statusFilter, 'All Status');
  await search.fill('');
  await expect(page.getByRole('article')).toHaveCount(3);
});

test('a template is renamed and reconfigured, and deleted after the confirm', async ({ page }) => {
  await signUpViaApi(page.request);
  await seedTemplates(page.request, [
    { name: 'Old Promo', subject: 'Spring sale', body: '<p>Last offer</p>', status: 'archived' },
    { name: 'Follow Up', subject: 'Checking in with {company}', body: '<p>Just following up</p>', status: 'draft' },
  ]);
  await openTemplatesScreen(page);

  await card(page, 'Follow Up').getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Template' });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Follow Up');
  // AI drafting would replace written work, so it starts folded for an existing template.
  await expect(dialog.getByRole('button', { name: 'Draft with AI' })).toHaveAttribute('aria-expanded', 'false');
  await expect(dialog.getByRole('textbox', { name: 'Body' })).toHaveText('Just following up');
  await dialog.getByLabel('Name', { exact: true }).fill('Follow Up Again');
  await chooseOption(page, dialog.getByLabel('Status', { exact: true }), 'Active');
  await chooseOption(page, dialog.getByLabel('Week Number'), 'Week 12');
  await dialog.getByLabel('Include stock tip').click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastMessage(page)).toContainText('Template Updated');
  const edited = card(page, 'Follow Up Again');
  await expect(edited).toContainText('Checking in with {company}');
  await expect(edited).toContainText('Active');
  await expect(edited).toContainText('Week 12');
  await expect(edited).toContainText('Stock tip');
  await expect(card(page, 'Follow Up')).toHaveCount(0);

  // The app's own confirm asks docs/product.md's question; Cancel, and Esc, keep the template.
  const confirm = page.getByRole('alertdialog', { name: 'Delete template?' });
  await card(page, 'Old Promo').getByRole('button', { name: 'Delete Old Promo' }).click();
  await expect(confirm.getByText('Are you sure you want to delete this template?', { exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await card(page, 'Old Promo').getByRole('button', { name: 'Delete Old Promo' }).click();
  await expect(confirm).toBeVisible();
  await pressEscape(page);
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('article')).toHaveCount(2);
  expect(await (await page.request.get('/api/templates')).json()).toHaveLength(2);

  await card(page, 'Old Promo').getByRole('button', { name: 'Delete Old Promo' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toastMessage(page)).toContainText('Template Deleted');
  await expect(card(page, 'Old Promo')).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(1);
});

test('a save the server refuses shows its message and keeps what was typed', async ({ page }) => {
  await signUpViaApi(page.request);
  await seedTemplates(page.request, [
    { name: 'Gone Soon', subject: 'Hello', body: '<p>Removed elsewhere</p>', status: 'draft' },
  ]);
  await openTemplatesScreen(page);
  const dialog = await openNewTemplate(page);
  const longName = 'x'.repeat(201);
  await dialog.getByLabel('Name', { exact: true }).fill(longName);
  await dialog.getByLabel('Subject', { exact: true }).fill('Hello');
  await dialog.getByRole('textbox', { name: 'Body' }).click();
  await page.keyboard.type('Body text');
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expectToast(page, 'Creation Failed', 'The name can be at most 200 characters.');
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(longName);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();

  // The template is deleted in another tab while it is being edited here.
  await card(page, 'Gone Soon').getByRole('button', { name: 'Edit' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Template' });
  const [stored] = await (await page.request.get('/api/templates')).json();
  expect((await page.request.delete(`/api/templates/${stored.id}`)).status()).toBe(200);
  await editDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Update Failed', 'Template not found');
  await expect(editDialog).toBeVisible();
});

test('clicking a template card opens it for editing, as Edit does', async ({ page }) => {
  await signUpViaApi(page.request);
  await seedTemplates(page.request, [
    { name: 'Follow Up', subject: 'Checking in with {company}', body: '<p>Just following up</p>', status: 'draft' },
  ]);
  await openTemplatesScreen(page);

  // Anywhere on the card, not only its name.
  await card(page, 'Follow Up').click();
  const dialog = page.getByRole('dialog', { name: 'Edit Template' });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Follow Up');
  await expect(dialog.getByRole('textbox', { name: 'Body' })).toHaveText('Just following up');
  await pressEscape(page);
  await expect(dialog).toBeHidden();

  // The card's own buttons keep their jobs: Delete asks to delete, and does not open the editor.
  await card(page, 'Follow Up').getByRole('button', { name: 'Delete Follow Up' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Delete template?' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await card(page, 'Follow Up').getByRole('button', { name: 'Edit' }).click();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Follow Up');
});

test("on a phone the editor's footer buttons stack full-width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signUpViaApi(page.request);
  await openTemplatesScreen(page);
  const dialog = await openNewTemplate(page);
  const create = await dialog.getByRole('button', { name: 'Create Template' }).boundingBox();
  const cancel = await dialog.getByRole('button', { name: 'Cancel' }).boundingBox();
  const editor = await dialog.boundingBox();
  if (!create || !cancel || !editor) throw new Error('the editor and its buttons should be on screen');
  // One above the other, each as wide as the dialog less its padding.
  expect(create.width).toBeGreaterThan(editor.width - 80);
  expect(cancel.width).toBe(create.width);
  expect(cancel.x).toBe(create.x);
  expect(cancel.y).toBeGreaterThanOrEqual(create.y + create.height);
});
