import { expect, test } from '@playwright/test';
import { pressEscape, signUpViaApi } from './helpers';
import { card, openNewTemplate, openTemplatesScreen, seedTemplates } from './templates-helpers';

test('an unchanged editor closes at once by Esc, ✕ or a click outside; a saved one asks nothing', async ({ page }) => {
  await signUpViaApi(page.request);
  // Stored HTML the rich-text editor spells differently (&#39;) still counts as unchanged.
  await seedTemplates(page.request, [
    { name: 'Old Promo', subject: 'Spring sale', body: '<p>Last year&#39;s offer</p>', status: 'archived' },
  ]);
  await openTemplatesScreen(page);
  const discardQuestion = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });

  let dialog = await openNewTemplate(page);
  await pressEscape(page);
  await expect(dialog).toBeHidden();
  dialog = await openNewTemplate(page);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  dialog = await openNewTemplate(page);
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();

  // Typing and taking it back leaves nothing to lose.
  dialog = await openNewTemplate(page);
  await dialog.getByLabel('Subject', { exact: true }).fill('x');
  await dialog.getByLabel('Subject', { exact: true }).fill('');
  await dialog.getByRole('textbox', { name: 'Body' }).click();
  await page.keyboard.type('y');
  await page.keyboard.press('Backspace');
  await pressEscape(page);
  await expect(dialog).toBeHidden();

  await card(page, 'Old Promo').getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Template' });
  await expect(editor.getByRole('textbox', { name: 'Body' })).toHaveText("Last year's offer");
  await editor.getByRole('textbox', { name: 'Body' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type('!');
  await page.keyboard.press('Backspace');
  await page.mouse.click(5, 5);
  await expect(editor).toBeHidden();

  // After a save the editor closes without asking.
  await card(page, 'Old Promo').getByRole('button', { name: 'Edit' }).click();
  await editor.getByLabel('Name', { exact: true }).fill('Old Promo 2');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editor).toBeHidden();
  await expect(card(page, 'Old Promo 2')).toBeVisible();
  await expect(discardQuestion).toHaveCount(0);
});

test('closing the editor with unsaved changes asks "Discard unsaved changes?" first', async ({ page }) => {
  await signUpViaApi(page.request);
  await openTemplatesScreen(page);
  const question = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  const dialog = await openNewTemplate(page);
  const name = dialog.getByLabel('Name', { exact: true });
  await name.fill('Half written');

  // A click outside asks; Keep editing keeps everything.
  await page.mouse.click(5, 5);
  await expect(question.getByText('Your changes to this template have not been saved.')).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(name).toHaveValue('Half written');

  // Esc asks; Esc in the question closes only the question, and the editor keeps its changes.
  await pressEscape(page);
  await expect(question).toBeVisible();
  await pressEscape(page);
  await expect(question).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(name).toHaveValue('Half written');

  // ✕ and Cancel ask too.
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(name).toHaveValue('Half written');

  // Esc in an open select or menu closes only that, and asks nothing.
  await dialog.getByLabel('Status', { exact: true }).click();
  await expect(page.getByRole('option', { name: 'Active' })).toBeVisible();
  await pressEscape(page);
  await expect(page.getByRole('option', { name: 'Active' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Insert variable' }).click();
  await expect(page.getByRole('menuitem', { name: /^First name/ })).toBeVisible();
  await pressEscape(page);
  await expect(page.getByRole('menu')).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Body' }).click();
  await dialog.getByRole('button', { name: 'Link' }).click();
  await expect(page.getByLabel('Link address')).toBeVisible();
  await pressEscape(page);
  await expect(page.getByLabel('Link address')).toHaveCount(0);
  await expect(question).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(name).toHaveValue('Half written');

  await pressEscape(page);
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No templates yet')).toBeVisible();
  expect(await (await page.request.get('/api/templates')).json()).toEqual([]);
});

test('an attachment, a setting or an AI draft is an unsaved change too', async ({ page }) => {
  await signUpViaApi(page.request);
  const created = await page.request.post('/api/templates', {
    data: {
      name: 'With Brochure',
      subject: 'Hello',
      body: '<p>See the brochure</p>',
      status: 'draft',
      attachments: [{ name: 'brochure.pdf', contentType: 'application/pdf', contentBytes: 'JVBERi0xLjQ=' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await openTemplatesScreen(page);
  const question = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  const editor = page.getByRole('dialog', { name: 'Edit Template' });

  await card(page, 'With Brochure').getByRole('button', { name: 'Edit' }).click();
  await editor.getByRole('button', { name: 'Remove brochure.pdf' }).click();
  await editor.getByRole('button', { name: 'Close', exact: true }).click();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(editor).toBeHidden();
  await expect(card(page, 'With Brochure')).toContainText('1 attachment');

  await card(page, 'With Brochure').getByRole('button', { name: 'Edit' }).click();
  await editor.getByLabel('Include stock tip').click();
  await editor.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await editor.getByLabel('Include stock tip').click();
  await editor.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(editor).toBeHidden();

  const dialog = await openNewTemplate(page);
  await dialog.getByLabel('Describe the email').fill('a free home valuation for homeowners in Bayside');
  await dialog.getByRole('button', { name: 'Generate with AI' }).click();
  await expect(dialog.getByLabel('Subject', { exact: true })).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
});

test('closing or reloading the tab with unsaved changes asks the browser to confirm', async ({ page }) => {
  await signUpViaApi(page.request);
  await openTemplatesScreen(page);
  const dialog = await openNewTemplate(page);
  await dialog.getByLabel('Name', { exact: true }).click();
  await page.keyboard.type('Half written');

  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const leave = await asked;
  expect(leave.type()).toBe('beforeunload');
  await leave.dismiss();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Half written');

  // Once the changes are discarded the tab closes without a question.
  await pressEscape(page);
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  // A question now would be dismissed (Playwright's default) and keep the page open.
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
});
