import { expect, type Locator, type Page, test } from '@playwright/test';
import { signUpViaApi, toastMessage } from './helpers';
import {
  card,
  chooseOption,
  expectToast,
  openNewTemplate,
  openTemplatesScreen,
  previewFrame,
} from './templates-helpers';

async function insertVariable(page: Page, dialog: Locator, label: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Insert variable' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${label}`) }).click();
}

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

for (const width of [390, 1366]) {
  test(`at ${width} px, a pasted 10,000-character subject is counted and refused in words, and Create Template stays in view`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signUpViaApi(page.request);
    await openTemplatesScreen(page);
    const dialog = await openNewTemplate(page);
    await dialog.getByLabel('Name', { exact: true }).fill('Very long subject');
    await dialog.getByRole('textbox', { name: 'Body' }).click();
    await page.keyboard.type('Hi {firstName}.');
    const subject = dialog.getByLabel('Subject', { exact: true });
    await subject.click();
    // One unbroken word, as a paste of a stray link or a minified string would be.
    await page.keyboard.insertText('x'.repeat(10_000));

    await expect(dialog.getByText('10,000 / 998 characters')).toBeVisible();
    await expect(subject).toHaveAttribute('aria-invalid', 'true');
    const create = dialog.getByRole('button', { name: 'Create Template' });
    await expect(create).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
    // Nothing is wider than the screen: neither the page nor the dialog scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);

    await create.click();
    await expectToast(page, 'Creation Failed', 'The subject can be at most 998 characters.');
    await expect(subject).toHaveValue('x'.repeat(10_000));

    // Shortened to the limit, the counter still shows how close it is, and the template saves.
    await subject.fill('y'.repeat(998));
    await expect(dialog.getByText('998 / 998 characters')).toBeVisible();
    await expect(subject).not.toHaveAttribute('aria-invalid', 'true');
    await create.click();
    await expect(dialog).toBeHidden();
    await expect(card(page, 'Very long subject')).toBeVisible();
  });
}

test('a body near its limit shows its count, and one past it is refused in words', async ({ page }) => {
  await signUpViaApi(page.request);
  await openTemplatesScreen(page);
  const dialog = await openNewTemplate(page);
  await dialog.getByLabel('Name', { exact: true }).fill('Long body');
  await dialog.getByLabel('Subject', { exact: true }).fill('A long read');
  const body = dialog.getByRole('textbox', { name: 'Body' });
  await body.click();
  await page.keyboard.insertText('b'.repeat(300_000));
  await expect(dialog.getByText('characters, formatting included')).toHaveCount(0);

  // The limit counts the body's HTML: here its text and one paragraph's tags (7 characters).
  await page.keyboard.insertText('b'.repeat(100_000));
  await expect(dialog.getByText('400,007 / 500,000 characters, formatting included', { exact: true })).toBeVisible();
  await page.keyboard.insertText('b'.repeat(100_000));
  await expect(
    dialog.getByText('500,007 / 500,000 characters, formatting included: 7 too many', { exact: true }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expectToast(page, 'Creation Failed', 'The body can be at most 500,000 characters.');
});
