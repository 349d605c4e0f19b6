import { expect, type Page, test } from '@playwright/test';
import { connectPeerMailbox, setPostalAddress, signUpViaApi } from './helpers';
import { mailPeers } from './mail-peers';
import { ALL, E2E_HOSTILE_AI_PORT, PAYLOADS, RUN } from './xss-payloads';

/**
 * Stored XSS: script payloads saved in lead fields, custom fields, a template (name, subject, HTML), a prospect's
 * reply and the suggested answer to it are shown on every screen that shows them, and none runs; so are the texts
 * of an AI provider that answers with payloads (the strategy, a drafted template, the stock tip). A payload
 * that ran would set `window.__xss` or open a dialog; one the Content-Security-Policy stopped would leave a
 * violation in the console. Any of the three fails the test.
 */

type Trap = { dialogs: string[]; violations: string[]; errors: string[] };

/** Records every sign of a payload running or being stopped, from the first page load on. */
function trap(page: Page): Trap {
  const caught: Trap = { dialogs: [], violations: [], errors: [] };
  page.on('dialog', async (dialog) => {
    caught.dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && /Content.Security.Policy|Refused to (execute|load|apply)/i.test(text)) {
      caught.violations.push(text);
    }
  });
  page.on('pageerror', (error) => caught.errors.push(error.message));
  return caught;
}

async function expectNothingRan(page: Page, caught: Trap, screen: string) {
  // Handlers run as the page settles (an image fails to load, an SVG is inserted).
  await page.waitForTimeout(300);
  const ran = await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null);
  expect({ screen, ran, ...caught }).toEqual({ screen, ran: null, dialogs: [], violations: [], errors: [] });
}

test.describe('stored script payloads on every screen that shows them', () => {
  test.describe.configure({ timeout: 120_000 });
  const peers = mailPeers();

  test('leads, templates, dashboard, replies and analytics show the payloads as text and run none', async ({
    page,
  }) => {
    const caught = trap(page);
    const suffix = Math.random().toString(36).slice(2, 8);
    const leadEmail = `xss-${suffix}@prospects.test`;

    await signUpViaApi(page.request);
    await setPostalAddress(page.request);
    const accountId = await connectPeerMailbox(page.request, peers.smtp, peers.imap);
    const lead = await page.request.post('/api/leads', {
      data: {
        email: leadEmail,
        firstName: PAYLOADS.img,
        lastName: PAYLOADS.svg,
        company: PAYLOADS.script,
      },
    });
    expect(lead.status(), await lead.text()).toBe(201);
    // Custom fields are an edit of the lead (Add Lead has none).
    const fields = await page.request.patch(`/api/leads/${(await lead.json()).id}`, {
      data: { customFields: { [PAYLOADS.img]: PAYLOADS.script, website: PAYLOADS.url } },
    });
    expect(fields.status(), await fields.text()).toBe(200);
    const template = await page.request.post('/api/templates', {
      data: {
        name: `Offer ${PAYLOADS.svg}`,
        subject: `Hello {firstName} ${PAYLOADS.img}`,
        body: `<p>Hi {firstName} from {company}</p>${PAYLOADS.img}${PAYLOADS.script}<a href="${PAYLOADS.url}">link</a><svg onload="${RUN}"></svg>`,
        status: 'active',
        weekNumber: 1,
      },
    });
    expect(template.status(), await template.text()).toBe(201);
    const started = await page.request.post('/api/campaigns/send-mass-email', {
      data: { accountId, templateId: (await template.json()).id, leadIds: [(await lead.json()).id] },
    });
    expect(started.status(), await started.text()).toBe(200);
    const campaignId: number = (await started.json()).campaignId;
    await expect
      .poll(async () => (await (await page.request.get(`/api/campaigns/${campaignId}`)).json()).status, {
        timeout: 30_000,
      })
      .toBe('completed');
    const sent = peers.smtp.received.find((item) => item.envelopeTo.includes(leadEmail));
    expect(sent).toBeDefined();

    // The prospect answers with payloads in the subject, the name and the text (a real IMAP APPEND).
    const writer = await peers.imap.connectClient();
    try {
      const raw = [
        `From: "Eve ${PAYLOADS.svg}" <${leadEmail}>`,
        `To: ${peers.smtp.user}`,
        `Subject: Re: ${PAYLOADS.img}`,
        `Date: ${new Date().toUTCString()}`,
        `Message-ID: <xss-${suffix}@prospects.test>`,
        `In-Reply-To: ${sent?.mail.messageId}`,
        `References: ${sent?.mail.messageId}`,
        'Content-Type: text/html; charset=utf-8',
        '',
        `<p>Yes, call me! ${ALL}</p><a href="${PAYLOADS.url}">site</a>`,
        '',
      ].join('\r\n');
      await writer.append('INBOX', raw, []);
    } finally {
      await writer.logout().catch(() => {});
    }
    await expect
      .poll(async () => (await (await page.request.get('/api/responses')).json()).length, { timeout: 30_000 })
      .toBe(1);

    await test.step('leads, the lead detail and its edit form', async () => {
      await page.goto('/leads');
      const name = page.getByText(PAYLOADS.img, { exact: false }).first();
      await expect(name).toBeVisible();
      await name.click();
      await expect(page.getByRole('dialog').first()).toBeVisible();
      const edit = page.getByRole('dialog').getByRole('button', { name: /Edit/ }).first();
      if (await edit.isVisible()) await edit.click();
      await expectNothingRan(page, caught, 'leads');
    });

    await test.step('templates, the editor and its preview', async () => {
      await page.goto('/templates');
      await expect(page.getByText(`Offer ${PAYLOADS.svg}`).first()).toBeVisible();
      await page.getByRole('button', { name: 'Edit' }).first().click();
      const editor = page.getByRole('dialog', { name: 'Edit Template' });
      await expect(editor).toBeVisible();
      const preview = editor.getByRole('tab', { name: /Preview/ }).or(editor.getByRole('button', { name: /Preview/ }));
      if (await preview.first().isVisible()) await preview.first().click();
      await expectNothingRan(page, caught, 'templates');
    });

    await test.step('dashboard, the reply and the AI suggestion for it', async () => {
      await page.goto('/');
      const reply = page.getByRole('button', { name: /^Open the reply from/ }).first();
      await expect(reply).toBeVisible({ timeout: 15_000 });
      await reply.click();
      const dialog = page.getByRole('dialog', { name: 'Email Follow-up' });
      await expect(dialog).toContainText('Yes, call me!');
      await dialog.getByRole('button', { name: 'Suggest a reply' }).click();
      await expect(dialog.getByRole('textbox').first()).not.toHaveValue('', { timeout: 15_000 });
      await expectNothingRan(page, caught, 'dashboard');
    });

    await test.step('replies inbox and analytics', async () => {
      await page.goto('/replies');
      await expect(page.getByText('Yes, call me!', { exact: false }).first()).toBeVisible();
      await page.goto('/analytics');
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expectNothingRan(page, caught, 'replies and analytics');
    });
  });
});

test.describe('an AI provider that answers with script payloads', () => {
  // Its own server, whose AI_BASE_URL is a peer putting payloads in every text (hostile-ai-server.ts).
  test.use({ baseURL: `http://localhost:${E2E_HOSTILE_AI_PORT}` });

  test('the strategy, a drafted template and the stock tip show its answers as text and run none', async ({ page }) => {
    const caught = trap(page);
    await signUpViaApi(page.request);

    await test.step('strategy onboarding, written by the AI', async () => {
      await page.goto('/strategy-onboarding');
      await expect(page.getByRole('region', { name: 'Target Audience' })).toContainText(PAYLOADS.img);
      await expect(page.getByRole('region', { name: 'Follow-up Strategy' })).toContainText(PAYLOADS.script);
      await expectNothingRan(page, caught, 'strategy onboarding');
    });

    await test.step('a template drafted by the AI: the editor, its preview and the saved card', async () => {
      await page.goto('/templates');
      await page.getByRole('button', { name: 'New Template' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Template' });
      await dialog.getByLabel('Describe the email').fill('A spring offer for homeowners');
      await dialog.getByRole('button', { name: 'Generate with AI' }).click();
      await expect(dialog.getByLabel('Subject', { exact: true })).toHaveValue(`Offer ${PAYLOADS.img}`);
      // Cleaned on the server: the words stay, the script and the handlers do not.
      const body = dialog.getByRole('textbox', { name: 'Body' });
      await expect(body).toContainText('Hello');
      await expectNothingRan(page, caught, 'template editor');
      const preview = dialog.getByRole('tab', { name: /Preview/ }).or(dialog.getByRole('button', { name: /Preview/ }));
      if (await preview.first().isVisible()) await preview.first().click();
      await expectNothingRan(page, caught, 'template preview');
      await dialog.getByLabel('Name', { exact: true }).fill('AI offer');
      await dialog.getByRole('button', { name: 'Create Template' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('article', { name: 'AI offer', exact: true })).toContainText(PAYLOADS.img);
      await expectNothingRan(page, caught, 'templates');
    });

    await test.step('the stock tip, analysed by the AI', async () => {
      await page.goto('/stock-tips');
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(page.getByText('AI Analysis')).toBeVisible();
      await expect(page.getByText(PAYLOADS.script, { exact: false }).first()).toBeVisible();
      await expectNothingRan(page, caught, 'stock tips');
    });
  });
});
