import { type Browser, test as base, expect, type Locator, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import pg from 'pg';
import { adminUser } from './global-setup';
import { pressEscape, setPostalAddress, signInViaApi, signUpViaApi, type TestUser } from './helpers';
import { E2E_POSTGRES_PORT, historyDatabaseUrl } from './postgres-database';

/**
 * Every screen at a phone's, a laptop's and a desktop's width: nothing runs off the side of the page. The signed-in
 * screens are seen on the history server (postgres-server.ts), whose database lets a reply waiting for a follow-up,
 * a mailbox and a sent sequence be laid down with SQL instead of being sent for real.
 */
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

const historyURL = `http://localhost:${E2E_POSTGRES_PORT}`;

// Long words in the places users' data goes, the way real addresses and company names are.
const LONG_EMAIL = 'christopher.montgomery-wellington@harborview-property-management-group.test';
const LONG_COMPANY = 'Harborview Property Management & Residential Leasing Group';

/** Leads, two templates, a mailbox and a paused two-step campaign whose mails were sent, one answered. */
async function seedData(userId: string, templates: number[], leadIds: number[]) {
  const db = new pg.Client({ connectionString: await historyDatabaseUrl() });
  await db.connect();
  try {
    // A mailbox that is listed, never read (no reading of replies) and never sent through (the campaign is paused).
    const [{ id: connectionId }] = (
      await db.query(
        `INSERT INTO provider_connections (user_id, provider, email, credentials, reads_replies)
         VALUES ($1, 'smtp', $2, 'not-a-sealed-secret', false) RETURNING id`,
        [userId, LONG_EMAIL],
      )
    ).rows;
    const [{ id: accountId }] = (
      await db.query(
        `INSERT INTO email_accounts (user_id, connection_id, email, display_name, warmup_enabled)
         VALUES ($1, $2, $3, 'Christopher Montgomery-Wellington', false) RETURNING id`,
        [userId, connectionId, LONG_EMAIL],
      )
    ).rows;
    const [{ id: campaignId }] = (
      await db.query(
        `INSERT INTO campaigns (user_id, account_id, template_id, status, cadence, waiting_reason)
         VALUES ($1, $2, $3, 'paused', 'weekly', 'Paused by you.') RETURNING id`,
        [userId, accountId, templates[0]],
      )
    ).rows;
    await db.query(
      `INSERT INTO campaign_steps (campaign_id, position, template_id, delay_days)
       VALUES ($1, 1, $2, 0), ($1, 2, $3, 7)`,
      [campaignId, templates[0], templates[1]],
    );
    const sentAt = DateTime.utc().minus({ days: 2 }).toISO();
    const recipientIds: number[] = [];
    for (const leadId of leadIds) {
      const [{ id }] = (
        await db.query(
          `INSERT INTO campaign_recipients (campaign_id, user_id, lead_id, account_id, template_id, state, attempts,
             subject, claimed_at, sent_at, step)
           VALUES ($1, $2, $3, $4, $5, 'sent', 1, 'Hello there', $6, $6, 1) RETURNING id`,
          [campaignId, userId, leadId, accountId, templates[0], sentAt],
        )
      ).rows;
      recipientIds.push(id);
    }
    const reply =
      'Thanks for reaching out! We manage about forty rental properties across the harbor district and would love to hear more about what you offer. Could you call me on Thursday afternoon?';
    await db.query(
      `INSERT INTO inbound_messages (user_id, account_id, message_id, kind, lead_id, recipient_id, from_address,
         subject, body_text, reply_text, received_at, priority, priority_reason, followup_required)
       VALUES ($1, $2, $3, 'reply', $4, $5, $6, 'Re: Hello there', $7, $7, $8, 'hot',
         'Asked for a call on Thursday afternoon', true)`,
      [
        userId,
        accountId,
        `<layout-${Date.now()}@prospects.test>`,
        leadIds[0],
        recipientIds[0],
        LONG_EMAIL,
        reply,
        DateTime.utc().minus({ days: 1 }).toISO(),
      ],
    );
  } finally {
    await db.end();
  }
}

/** One user of the history server per worker, with the data above, made through the API the screens use and SQL. */
const test = base.extend<object, { seededUser: TestUser }>({
  seededUser: [
    async ({ playwright }, use) => {
      const api = await playwright.request.newContext({ baseURL: historyURL });
      const user = await signUpViaApi(api, { companyName: LONG_COMPANY });
      await setPostalAddress(api);
      const userId: string = (await (await api.get('/api/auth/user')).json()).id;
      const templates: number[] = [];
      for (const [week, name] of ['Spring Introduction for Property Managers', 'Friendly Check-in'].entries()) {
        const created = await api.post('/api/templates', {
          data: {
            name,
            subject: 'Hello {firstName}, a quick idea for {company}',
            body: '<p>Hi {firstName},</p><p>We help property managers fill vacancies faster.</p>',
            status: 'active',
            weekNumber: week + 1,
          },
        });
        expect(created.status(), await created.text()).toBe(201);
        templates.push((await created.json()).id);
      }
      const leadIds: number[] = [];
      const leads = [
        { email: LONG_EMAIL, firstName: 'Christopher', lastName: 'Montgomery-Wellington', company: LONG_COMPANY },
        { email: 'dana@ross.test', firstName: 'Dana', lastName: 'Ross', company: 'Ross Realty' },
      ];
      for (const lead of leads) {
        const created = await api.post('/api/leads', { data: lead });
        expect(created.status(), await created.text()).toBe(201);
        leadIds.push((await created.json()).id);
      }
      await seedData(userId, templates, leadIds);
      await api.dispose();
      await use(user);
    },
    { scope: 'worker' },
  ],
});

type Screen = { path: string; heading: string | RegExp };

/**
 * What makes the page wider than the window, to fix: the elements past its right edge that stick out of their parent
 * (where a too-wide child starts) and the innermost ones (the content that is too wide), leaving out those an
 * ancestor scrolls or clips. Null when the page is no wider than the window.
 */
async function horizontalOverflow(page: Page): Promise<string[] | null> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const past = (element: Element) => element.getBoundingClientRect().right > width + 1;
    const describe = (element: Element, why: string) => {
      const className = typeof element.className === 'string' ? element.className.slice(0, 100) : '';
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
      const right = Math.round(element.getBoundingClientRect().right);
      return `${why}: <${element.tagName.toLowerCase()} class="${className}"> right ${right}: "${text}"`;
    };
    const offenders = [...document.body.querySelectorAll('*')].filter((element) => past(element) && !clipped(element));
    const parentRight = (element: Element) => element.parentElement?.getBoundingClientRect().right ?? width;
    const outermost = offenders
      .filter((element) => element.getBoundingClientRect().right > parentRight(element) + 1)
      .map((element) => describe(element, 'sticks out of its parent'));
    const innermost = offenders
      .filter((element) => ![...element.children].some(past))
      .map((element) => describe(element, 'too wide'));
    return [
      `page is ${document.documentElement.scrollWidth} px wide in a ${width} px window`,
      ...outermost.slice(0, 6),
      ...innermost.slice(0, 8),
    ];
  });
}

/** Loads each screen, waits for its heading and asserts (softly, so one run names every screen) nothing overflows. */
async function checkScreens(page: Page, screens: Screen[]) {
  for (const screen of screens) {
    await test.step(screen.path, async () => {
      await page.goto(screen.path);
      // A fresh context's first load of the signed-in app can take a while on a busy machine.
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible({ timeout: 30_000 });
      // Lists and charts arrive after the heading; settle before measuring.
      await page.waitForLoadState('networkidle');
      expect.soft(await horizontalOverflow(page), `${screen.path} overflows horizontally`).toBeNull();
    });
  }
}

/** A card or dialog within the window's width, needing no sideways scrolling of its own; else what is too wide. */
async function expectInsideWindow(element: Locator, what: string) {
  const misfit = await element.evaluate((container) => {
    const { left, right } = container.getBoundingClientRect();
    const edge = Math.min(window.innerWidth, right);
    if (left >= 0 && right <= window.innerWidth + 1 && container.scrollWidth <= container.clientWidth + 1) return null;
    const past = (child: Element) => child.getBoundingClientRect().right > edge + 1;
    const innermost = [...container.querySelectorAll('*')].filter(
      (child) => past(child) && ![...child.children].some(past),
    );
    return [
      `${Math.round(left)} to ${Math.round(right)} px, ${container.scrollWidth} px of content in ${container.clientWidth}`,
      ...innermost.slice(0, 8).map((child) => {
        const className = typeof child.className === 'string' ? child.className.slice(0, 100) : '';
        const text = (child.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
        return `too wide: <${child.tagName.toLowerCase()} class="${className}"> right ${Math.round(child.getBoundingClientRect().right)}: "${text}"`;
      }),
    ];
  });
  expect.soft(misfit, `${what} is wider than the window`).toBeNull();
}

async function newPage(browser: Browser, baseURL: string, viewport: (typeof WIDTHS)[number]) {
  const context = await browser.newContext({ baseURL, viewport });
  return context.newPage();
}

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test('no public page is wider than the window', async ({ browser, baseURL }) => {
      const page = await newPage(browser, String(baseURL), viewport);
      await checkScreens(page, [
        { path: '/', heading: 'Turn Local Leads Into Sales Meetings' },
        { path: '/pricing', heading: 'Simple, transparent pricing' },
        { path: '/login', heading: /./ },
        { path: '/signup', heading: /./ },
        { path: '/forgot-password', heading: 'Reset Your Password' },
        // The unsubscribe link's page, here for a link that is not valid: the same page as for a valid one.
        { path: '/u/not-a-real-token', heading: 'This link is not valid' },
      ]);
      await page.context().close();
    });

    test('the sending screens fit the window, with the follow-ups card and its dialog', async ({
      browser,
      seededUser,
    }) => {
      test.setTimeout(90_000);
      const page = await newPage(browser, historyURL, viewport);
      await signInViaApi(page.request, seededUser.email, seededUser.password);
      await checkScreens(page, [
        { path: '/', heading: 'Mass Email Campaign' },
        { path: '/leads', heading: 'Leads Database' },
        { path: '/templates', heading: 'Email Templates' },
        { path: '/accounts', heading: 'Email Accounts' },
        { path: '/replies', heading: 'Replies' },
      ]);

      await test.step('the follow-ups card and its dialog', async () => {
        await page.goto('/');
        const followups = page.getByRole('region', { name: 'Follow-ups' });
        await expect(followups.getByText('Christopher Montgomery-Wellington')).toBeVisible({ timeout: 30_000 });
        await expectInsideWindow(followups, 'the follow-ups card');
        await followups.getByRole('button', { name: /^Open the reply from Christopher/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Email Follow-up' });
        await expect(dialog.getByText('Asked for a call on Thursday afternoon')).toBeVisible();
        await expectInsideWindow(dialog, 'the follow-up dialog');
        await pressEscape(page);
        await expect(dialog).toBeHidden();
      });

      await test.step('the lead finder', async () => {
        await page.goto('/leads');
        await page.getByRole('button', { name: 'Find Leads' }).click();
        const finder = page.getByRole('dialog', { name: 'Find Leads' });
        await expect(finder).toBeVisible();
        await expectInsideWindow(finder, 'the lead finder');
      });
      await page.context().close();
    });

    test('the other signed-in screens fit the window', async ({ browser, seededUser }) => {
      test.setTimeout(90_000);
      const page = await newPage(browser, historyURL, viewport);
      await signInViaApi(page.request, seededUser.email, seededUser.password);
      await checkScreens(page, [
        { path: '/analytics', heading: 'Analytics Dashboard' },
        { path: '/stock-tips', heading: 'Stock Tips' },
        { path: '/settings', heading: 'Account Settings' },
        // The webhooks tab's 15 event choices and their descriptions.
        { path: '/settings?tab=webhooks', heading: 'Account Settings' },
        { path: '/instructions', heading: 'How to Use LocalReach' },
        { path: '/strategy-onboarding', heading: /^Welcome, / },
      ]);
      await page.context().close();
    });

    test('the admin page is no wider than the window', async ({ browser, baseURL }) => {
      const page = await newPage(browser, String(baseURL), viewport);
      await signInViaApi(page.request, adminUser.email, adminUser.password);
      await checkScreens(page, [{ path: '/admin', heading: 'Admin Dashboard' }]);
      if (viewport.width >= 1366) {
        // At a laptop's width the whole table fits: with the table scrolled to (down, never sideways), the actions
        // are there.
        const actions = page.getByRole('columnheader', { name: 'Actions', exact: true });
        await actions.evaluate((header) => window.scrollBy(0, header.getBoundingClientRect().top - 80));
        await expect(actions).toBeInViewport({ ratio: 1 });
        const firstRow = page.getByRole('row').nth(1);
        await expect(firstRow.getByRole('button', { name: 'Reset Password' })).toBeInViewport({ ratio: 1 });
      }
      await page.context().close();
    });
  });
}
