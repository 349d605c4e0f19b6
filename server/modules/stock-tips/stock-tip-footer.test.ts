import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { footerAnalysis, STOCK_TIP_DISCLAIMER, type StockTip, stockTipFooterLines } from '../../../contract/stock-tips';
import { escapeHtml } from '../../../contract/template-render';
import { leads } from '../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';
import { seedSmtpAccount } from '../../test/seed-smtp-account';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const clock = { now: () => new Date('2026-11-23T10:00:00Z') };
let t: TestApp;
let smtp: SmtpPeer;

beforeAll(async () => {
  [t, smtp] = await Promise.all([createTestApp({ authRateLimitPerMinute: 1_000 }, { clock }), startSmtpPeer()]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });

/** A user ready to send (postal address, mailbox on the peer, one lead), who sends `template` to the lead. */
async function sendOneMail(label: string, template: { includeStockTip: boolean }, options: { tip: boolean }) {
  const token = await registerUser(t.app, `${label}@footer.test`);
  const userId = (await getCurrentUser(t.app, token)).json().id as string;
  await call('PUT', '/api/user/profile', token, { postalAddress: '1 Harbor Way, Austin, TX 78701' });
  const accountId = await seedSmtpAccount(t.database.db, userId, smtp);
  const created = await call('POST', '/api/templates', token, {
    name: 'Newsletter',
    subject: 'News for {firstName}',
    body: '<p>Hi {firstName}, our news.</p>',
    status: 'active',
    ...template,
  });
  expect(created.statusCode, created.body).toBe(201);
  const address = `${label}-lead@leads.test`;
  await call('POST', '/api/leads/upload-csv', token, {
    csvData: [{ email: address, first_name: 'Lee' }],
    firstRowNumber: 2,
  });
  const [lead] = await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.userId, userId));
  const tip: StockTip | null = options.tip ? (await call('POST', '/api/stock-tip/refresh', token)).json() : null;
  const started = await call('POST', '/api/campaigns/send-mass-email', token, {
    accountId,
    templateId: created.json().id,
    leadIds: [lead.id],
  });
  expect(started.statusCode, started.body).toBe(200);
  await t.container.services.campaignSender.run(started.json().campaignId);
  const received = smtp.received.filter((mail) => mail.envelopeTo.includes(address));
  expect(received).toHaveLength(1);
  return { mail: received[0].mail, tip };
}

describe('the stock tip footer of campaign mails', () => {
  it('carries the current tip and the disclaimer in both parts of a mail whose template includes it', async () => {
    const { mail, tip } = await sendOneMail('with-tip', { includeStockTip: true }, { tip: true });
    if (!tip) throw new Error('no tip');
    const lines = stockTipFooterLines(tip);
    expect(lines.headline).toMatch(
      new RegExp(
        `^Stock tip of the day \\(sample data from ${tip.quoteDate}\\): ${tip.symbol} \\$\\d+\\.\\d{2} [+-]\\d+\\.\\d{2}% · (BUY|SELL|HOLD)`,
      ),
    );
    expect(lines.analysis.length).toBeLessThanOrEqual(101);
    for (const line of [lines.headline, lines.analysis, STOCK_TIP_DISCLAIMER]) {
      expect(mail.text).toContain(line);
      expect(mail.html).toContain(escapeHtml(line));
    }
    // Above the sender's footer and unsubscribe link.
    expect(mail.text?.indexOf(STOCK_TIP_DISCLAIMER)).toBeLessThan(mail.text?.indexOf('Unsubscribe:') ?? 0);
    expect(mail.text).toContain('Hi Lee, our news.');
  });

  it('is left out when the template does not include it', async () => {
    const { mail } = await sendOneMail('without', { includeStockTip: false }, { tip: true });
    expect(mail.text).not.toContain('Stock tip of the day');
    expect(mail.html).not.toContain('Stock tip of the day');
    expect(mail.text).not.toContain(STOCK_TIP_DISCLAIMER);
  });

  it('is left out when the user has no tip yet', async () => {
    const { mail } = await sendOneMail('no-tip', { includeStockTip: true }, { tip: false });
    expect(mail.text).not.toContain('Stock tip of the day');
    expect(mail.html).not.toContain(STOCK_TIP_DISCLAIMER);
  });
});

describe('the footer rule', () => {
  it('cuts the analysis at 100 characters (docs/product.md §9)', () => {
    expect(footerAnalysis('Short.')).toBe('Short.');
    const long = 'x'.repeat(150);
    expect(footerAnalysis(long)).toBe(`${'x'.repeat(100)}…`);
  });
});
