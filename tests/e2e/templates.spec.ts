import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { adminUser } from './global-setup';
import { pressEscape, signInViaApi, signUpViaApi, toastMessage } from './helpers';

type SeedTemplate = { name: string; subject: string; body: string; status: 'draft' | 'active' | 'archived' };

/** Creates templates through the API the editor uses, so a test can start with cards in place. */
async function seedTemplates(request: APIRequestContext, templates: SeedTemplate[]): Promise<void> {
  for (const template of templates) {
    const response = await request.post('/api/templates', { data: template });
    expect(response.status(), await response.text()).toBe(201);
  }
}

async function openTemplatesScreen(page: Page): Promise<void> {
  await page.goto('/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Email Templates' })).toBeVisible();
}

/** Opens the editor for a new template and waits for the body editor to load. */
async function openNewTemplate(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Template' });
  await expect(dialog.getByRole('textbox', { name: 'Body' })).toBeVisible();
  return dialog;
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const previewFrame = (dialog: Locator) => dialog.frameLocator('iframe[title="Email preview"]');

async function chooseOption(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function insertVariable(page: Page, dialog: Locator, label: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Insert variable' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${label}`) }).click();
}

/** While the modal is open the page behind it, toasts included, is hidden from the accessibility tree. */
async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(page.getByText(description, { exact: true })).toBeVisible();
}

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

test('a template is written with the rich editor, a variable and an attachment', async ({ page }) => {
  await signUpViaApi(page.request);
  await openTemplatesScreen(page);
  const dialog = await openNewTemplate(page);

  await dialog.getByLabel('Name', { exact: true }).fill('Spring Listings');
  // The subject was focused last, so the variable goes into it at the cursor.
  await dialog.getByLabel('Subject', { exact: true }).fill('New homes near ');
  await insertVariable(page, dialog, 'Company');
  await expect(dialog.getByLabel('Subject', { exact: true })).toHaveValue('New homes near {company}');
  await expect(dialog.getByLabel('Subject', { exact: true })).toBeFocused();

  const body = dialog.getByRole('textbox', { name: 'Body' });
  await body.click();
  await page.keyboard.type('Hi ');
  await insertVariable(page, dialog, 'First name');
  // The variable lands at the cursor and the body keeps the focus, so typing goes on after it.
  await expect(body).toHaveText('Hi {firstName}');
  await expect(body).toBeFocused();
  await page.keyboard.type(', ');
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('great news');
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' for you.');
  await expect(body.locator('strong')).toHaveText('great news');

  // The live preview renders the sample lead through the template renderer.
  await expect(dialog.getByText('New homes near Bayside Realty')).toBeVisible();
  await expect(previewFrame(dialog).locator('body')).toHaveText('Hi Maria, great news for you.');
  await expect(previewFrame(dialog).locator('strong')).toHaveText('great news');

  await dialog.getByLabel('Attach files').setInputFiles({
    name: 'brochure.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 spring brochure'),
  });
  await expectToast(page, 'Files Added');
  await expect(dialog.getByText('brochure.pdf')).toBeVisible();

  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastMessage(page)).toContainText('Template Created');

  const created = card(page, 'Spring Listings');
  await expect(created).toContainText('New homes near {company}');
  await expect(created).toContainText('Hi {firstName}, great news for you.');
  await expect(created).toContainText('Draft');
  await expect(created).toContainText('1 attachment');

  // What was stored: the editor's HTML and the file's bytes (the list names files; the template itself has them).
  const [listed] = await (await page.request.get('/api/templates')).json();
  expect(listed.attachments).toEqual([{ name: 'brochure.pdf', contentType: 'application/pdf', size: 24 }]);
  const stored = await (await page.request.get(`/api/templates/${listed.id}`)).json();
  expect(stored.body).toBe('<p>Hi {firstName}, <strong>great news</strong> for you.</p>');
  expect(stored.attachments).toEqual([
    {
      name: 'brochure.pdf',
      contentType: 'application/pdf',
      contentBytes: Buffer.from('%PDF-1.4 spring brochure').toString('base64'),
    },
  ]);

  // Editing loads the template with its files, and saving without touching them keeps their bytes.
  await created.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Template' });
  await expect(editor.getByText('brochure.pdf')).toBeVisible();
  await editor.getByLabel('Name', { exact: true }).fill('Spring Listings 2');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editor).toBeHidden();
  const saved = await (await page.request.get(`/api/templates/${listed.id}`)).json();
  expect(saved.name).toBe('Spring Listings 2');
  expect(saved.attachments).toEqual(stored.attachments);
});

test('the toolbar makes lists and links, and refuses script links', async ({ page }) => {
  await signUpViaApi(page.request);
  await openTemplatesScreen(page);
  const dialog = await openNewTemplate(page);
  const body = dialog.getByRole('textbox', { name: 'Body' });

  await body.click();
  await dialog.getByRole('button', { name: 'Numbered list' }).click();
  await page.keyboard.type('First point');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Second point');
  await expect(body.locator('ol > li')).toHaveText(['First point', 'Second point']);
  // Enter on an empty item leaves the list.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Book a call');
  await page.keyboard.press('Shift+Home');

  await dialog.getByRole('button', { name: 'Link' }).click();
  const address = page.getByLabel('Link address');
  await address.fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Enter a web or email address, such as https://example.com')).toBeVisible();
  await address.fill('example.com/book');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(body.getByRole('link', { name: 'Book a call' })).toHaveAttribute('href', 'https://example.com/book');
  // Writing goes on in the body, not on the toolbar button.
  await expect(body).toBeFocused();

  await expect(previewFrame(dialog).locator('ol > li')).toHaveText(['First point', 'Second point']);
  await expect(previewFrame(dialog).getByRole('link', { name: 'Book a call' })).toHaveAttribute(
    'href',
    'https://example.com/book',
  );
});

test('the preview renders the template for the sample lead or a chosen lead, with fallbacks', async ({ page }) => {
  await signUpViaApi(page.request);
  const lead = await page.request.post('/api/leads', {
    data: { email: 'ann.lee@harbor.test', firstName: 'Ann', lastName: 'Lee', company: null },
  });
  expect(lead.status(), await lead.text()).toBe(201);
  await openTemplatesScreen(page);
  const dialog = await openNewTemplate(page);
  // Template HTML never runs in the app: the preview frame has an empty sandbox.
  await expect(dialog.locator('iframe[title="Email preview"]')).toHaveAttribute('sandbox', '');

  await dialog.getByLabel('Subject', { exact: true }).fill('Hello {firstName|there} at {company|your firm}');
  await dialog.getByRole('textbox', { name: 'Body' }).click();
  await page.keyboard.type('Dear {firstName|neighbour}, <b>welcome</b>');
  await expect(dialog.getByText('Hello Maria at Bayside Realty', { exact: true })).toBeVisible();
  // Markup typed into the editor is text, not HTML.
  await expect(previewFrame(dialog).locator('body')).toHaveText('Dear Maria, <b>welcome</b>');

  await chooseOption(page, dialog.getByLabel('Preview for'), 'Ann Lee');
  await expect(dialog.getByText('Hello Ann at your firm', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Ann Lee <ann.lee@harbor.test>', { exact: true })).toBeVisible();
  await expect(previewFrame(dialog).locator('body')).toHaveText('Dear Ann, <b>welcome</b>');

  await dialog.getByLabel('First name', { exact: true }).fill('');
  await dialog.getByLabel('Company', { exact: true }).fill('Oak & Sons');
  await expect(previewFrame(dialog).locator('body')).toHaveText('Dear neighbour, <b>welcome</b>');
  await expect(dialog.getByText('Hello there at Oak & Sons', { exact: true })).toBeVisible();
});

test('the preview shows one choice of each spin, and Shuffle shows another', async ({ page }) => {
  await signUpViaApi(page.request);
  await openTemplatesScreen(page);
  const dialog = await openNewTemplate(page);
  const hint = dialog.getByText('Vary words per lead with');
  await expect(hint).toContainText('{{spin: Hi | Hello | Hey}}');

  await dialog.getByLabel('Subject', { exact: true }).fill('A note for {firstName}');
  await dialog.getByRole('textbox', { name: 'Body' }).click();
  await page.keyboard.type('{{spin: Hi | Hello | Hey}} {firstName|there}, {{spin: a | one}} note.');
  const body = previewFrame(dialog).locator('body');
  const oneChoice = /^(Hi|Hello|Hey) Maria, (a|one) note\.$/;
  await expect(body).toHaveText(oneChoice);
  await expect(body).not.toContainText('{{spin');
  await expect(dialog.getByText('A note for Maria', { exact: true })).toBeVisible();

  // Each click shows other words, still one choice per spin.
  for (let click = 0; click < 3; click++) {
    const shown = (await body.textContent()) ?? '';
    await dialog.getByRole('button', { name: 'Shuffle' }).click();
    await expect(body).not.toHaveText(shown);
    await expect(body).toHaveText(oneChoice);
  }
});

test('attachments over 3MB are refused and attached files can be removed', async ({ page }) => {
  await signUpViaApi(page.request);
  await openTemplatesScreen(page);
  const dialog = await openNewTemplate(page);

  await dialog.getByLabel('Attach files').setInputFiles({
    name: 'huge.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(3 * 1024 * 1024 + 1),
  });
  await expectToast(page, 'File Too Large', 'huge.pdf is larger than 3MB. Please use a smaller file.');
  await expect(dialog.getByText('huge.pdf')).toHaveCount(0);
  await expect(dialog.getByText('No files attached')).toBeVisible();

  await dialog.getByLabel('Attach files').setInputFiles([
    { name: 'price-list.csv', mimeType: 'text/csv', buffer: Buffer.from('item,price\nvaluation,0\n') },
    { name: 'map.png', mimeType: 'image/png', buffer: Buffer.alloc(2048) },
  ]);
  await expectToast(page, 'Files Added', '2 files attached to this template.');
  await expect(dialog.getByText('2 KB')).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove price-list.csv' }).click();
  await expect(dialog.getByText('price-list.csv')).toHaveCount(0);
  await expect(dialog.getByText('map.png')).toBeVisible();
});

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

  // The app's own confirm asks SPEC's question; Cancel, and Esc, keep the template.
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
  await expectToast(page, 'Creation Failed', 'name: Name must be at most 200 characters');
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

test('the deliverability score drops for a spammy subject, with advice, and rises once it is fixed', async ({
  page,
}) => {
  await signUpViaApi(page.request);
  for (const email of ['no.name@harbor.test', 'also.no.name@harbor.test']) {
    const lead = await page.request.post('/api/leads', { data: { email, firstName: null } });
    expect(lead.status(), await lead.text()).toBe(201);
  }
  await openTemplatesScreen(page);
  const dialog = await openNewTemplate(page);
  const score = dialog.getByRole('status', { name: /^Deliverability score/ });
  await expect(dialog.getByText('Write a subject and body to see how spam filters may read them.')).toBeVisible();

  await dialog.getByLabel('Subject', { exact: true }).fill('FREE MONEY!!! Act now');
  await dialog.getByRole('textbox', { name: 'Body' }).click();
  await page.keyboard.type('Hi {firstName}, I saw your open house on Elm Street and wondered how you follow up.');
  // The shared checks answer at once; the count against the user's leads follows from the server.
  await expect(
    dialog.getByText('The subject shouts in capitals ("FREE", "MONEY"), a common spam-filter signal.'),
  ).toBeVisible();
  await expect(dialog.getByText('Write the subject in normal sentence case.')).toBeVisible();
  await expect(
    dialog.getByText('The template uses phrases spam filters look for: "act now", "free money".'),
  ).toBeVisible();
  await expect(dialog.getByText('End the subject without an exclamation mark.')).toBeVisible();
  await expect(
    dialog.getByText(
      '{firstName} is empty for 100% of your active leads (2 of 2): they would get a blank where it stands.',
    ),
  ).toBeVisible();
  await expect(
    dialog.getByText('Add a fallback such as {firstName|there}, or fill in the missing values on the Leads page.'),
  ).toBeVisible();
  await expect(score).toHaveText('45/100 · Poor');

  await dialog.getByLabel('Subject', { exact: true }).fill('A quick question about your open house');
  await expect(score).toHaveText('90/100 · Good');
  await expect(dialog.getByText('Write the subject in normal sentence case.')).toHaveCount(0);
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

test('without an AI provider the panel says who can set one up; only an admin sees the settings', async ({ page }) => {
  await signInViaApi(page.request, adminUser.email, adminUser.password);
  await openTemplatesScreen(page);
  let dialog = await openNewTemplate(page);
  // The e2e server has no AI_BASE_URL / AI_API_KEY: the built-in writer drafts.
  await expect(
    dialog.getByText(
      "No AI provider is set up, so the built-in offline writer drafts for now. As the administrator, you can set AI_BASE_URL, AI_API_KEY and AI_MODEL in the server's environment (any OpenAI-compatible provider) and restart it.",
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
