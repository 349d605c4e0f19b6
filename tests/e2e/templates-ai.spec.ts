import { expect, test } from '@playwright/test';
import { adminUser } from './global-setup';
import { pressEscape, signInViaApi, signUpViaApi, toastMessage } from './helpers';
import { card, expectToast, openNewTemplate, openTemplatesScreen, previewFrame } from './templates-helpers';

test('AI drafts a template offline', async ({ page }) => {
  await signUpViaApi(page.request);
  await openTemplatesScreen(page);
  const dialog = await openNewTemplate(page);

  await dialog.getByRole('button', { name: 'Generate with AI' }).click();
  await expectToast(page, 'Prompt Required', 'Please enter a description for the AI to generate content.');

  await dialog
    .getByLabel('Describe the email')
    .fill(
      'a friendly note to families in Austin who might sell their home this spring, offering a free home valuation',
    );
  await dialog.getByRole('button', { name: 'Generate with AI' }).click();
  await expectToast(page, 'Content Generated');
  // The prompt read as an instruction: a subject about the offer, the season and the area, the offer, the sender.
  await expect(dialog.getByLabel('Subject', { exact: true })).toHaveValue(/^(Your f|F)ree home valuation this spring$/);
  const body = dialog.getByRole('textbox', { name: 'Body' });
  await expect(body).toContainText('{firstName|there}');
  await expect(body).toContainText('in Austin');
  await expect(body).toContainText('families who might sell their home.');
  await expect(body).toContainText('a free home valuation');
  await expect(body).toContainText('Harbor Homes');
  await expect(body).not.toContainText('Families');
  // The preview fills the variable for the sample lead.
  await expect(previewFrame(dialog).locator('body')).toContainText('Hi Maria,');
  await expect(previewFrame(dialog).locator('body')).not.toContainText('{firstName');

  await dialog.getByLabel('Name', { exact: true }).fill('Valuation Offer');
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastMessage(page)).toContainText('Template Created');
  await expect(card(page, 'Valuation Offer')).toContainText('Draft');
});

test('without an AI provider the panel says who can set one up; only an admin sees the settings', async ({ page }) => {
  await signInViaApi(page.request, adminUser.email, adminUser.password);
  await openTemplatesScreen(page);
  let dialog = await openNewTemplate(page);
  // The e2e server has no AI_BASE_URL / AI_API_KEY: the built-in writer drafts.
  await expect(
    dialog.getByText(
      "No AI provider is set up, so the built-in offline writer drafts for now. Details for the administrator: set AI_BASE_URL, AI_API_KEY and AI_MODEL in the server's environment (any OpenAI-compatible provider) and restart it.",
      { exact: true },
    ),
  ).toBeVisible();
  await expect(dialog.getByText(/in Settings/)).toHaveCount(0);
  await pressEscape(page);
  await expect(dialog).toBeHidden();

  await signUpViaApi(page.request);
  await openTemplatesScreen(page);
  dialog = await openNewTemplate(page);
  await expect(
    dialog.getByText(
      'No AI provider is set up, so the built-in offline writer drafts for now. Your administrator can set up an AI provider for better drafts.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(dialog.getByText(/AI_BASE_URL|AI_API_KEY|AI_MODEL/)).toHaveCount(0);
  await expect(dialog.getByText(/in Settings/)).toHaveCount(0);
});
