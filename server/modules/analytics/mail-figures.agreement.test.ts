import { afterAll, describe, expect, it } from 'vitest';
import type { AdminUserRow } from '../../../contract/admin';
import type { CampaignResults, DailyFigures, SendingSlot } from '../../../contract/analytics';
import type { DashboardStats } from '../../../contract/campaigns';
import { type MailCounts, mailRates } from '../../../contract/mail-figures';
import type { TemplatePerformanceItem } from '../../../contract/templates';
import { campaigns, templates } from '../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';
import { seedCampaignMail } from '../../test/seed-campaign-mail';

// Every screen that shows campaign-mail figures reads them with one meaning (contract/mail-figures.ts): the
// dashboard and the strategy screen's live statistics (GET /api/dashboard/stats), analytics (its cards, daily
// chart, template performance, best times and campaigns) and admin (a user's row, and the overall rates the page
// computes from the rows with the same mailRates).
const now = new Date('2026-11-23T15:00:00Z');
const t = await createTestApp({}, { clock: { now: () => now } });
const { db } = t.database;
afterAll(() => t.close());

async function get<T>(token: string, url: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: `lr_session=${token}` } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const sum = <T>(items: T[], figure: (item: T) => number) => items.reduce((total, item) => total + figure(item), 0);

describe('the figures of campaign mail', () => {
  it('are the same on the dashboard, analytics, admin and strategy screens for the same mails', async () => {
    // The first account registered is the admin.
    const adminToken = await registerUser(t.app, 'admin@figures.test');
    const token = await registerUser(t.app, 'dana@figures.test');
    const userId = (await getCurrentUser(t.app, token)).json().id as string;
    const [template] = await db
      .insert(templates)
      .values({ userId, name: 'Harbor Intro', subject: 'Hello', body: '<p>Hi</p>', status: 'active' })
      .returning();
    const [campaign] = await db
      .insert(campaigns)
      .values({ userId, templateId: template.id, status: 'completed' })
      .returning();
    const owner = { userId, campaignId: campaign.id };
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);

    // Three delivered: one opened by a person (and by a privacy proxy), one clicked, one answered; one refused; one
    // whose outcome is unknown but which was answered, so it arrived.
    await seedCampaignMail(db, owner, at(30), { events: [{ kind: 'open' }, { kind: 'open', machine: true }] });
    await seedCampaignMail(db, owner, at(29), { events: [{ kind: 'click', machine: true }, { kind: 'click' }] });
    await seedCampaignMail(db, owner, at(5), { repliedAt: now });
    await seedCampaignMail(db, owner, at(4), { state: 'failed' });
    await seedCampaignMail(db, owner, at(3), { state: 'unknown', repliedAt: now });
    const expected: MailCounts = { sent: 5, delivered: 3, opened: 2, clicked: 1, responded: 2 };
    const rates = mailRates(expected);
    expect(rates).toEqual({ deliveryRate: 60, openRate: 66.7, clickRate: 33.3, responseRate: 66.7 });

    // Dashboard, and the strategy screen's live statistics, which read the same call.
    const dashboard = await get<DashboardStats>(token, '/api/dashboard/stats');
    expect(dashboard).toMatchObject({
      totalEmailsSent: expected.sent,
      emailsDelivered: expected.delivered,
      emailsOpened: expected.opened,
      emailsClicked: expected.clicked,
      emailsResponded: expected.responded,
      ...rates,
    });

    // Analytics: the cards read the dashboard's call with the range; the series add up to them.
    expect(await get<DashboardStats>(token, '/api/dashboard/stats?range=7d')).toEqual(dashboard);
    const daily = await get<DailyFigures[]>(token, '/api/analytics/daily?range=7d');
    expect({
      sent: sum(daily, (day) => day.sent),
      delivered: sum(daily, (day) => day.delivered),
      opened: sum(daily, (day) => day.opened),
      clicked: sum(daily, (day) => day.clicked),
      responded: sum(daily, (day) => day.replied),
    }).toEqual(expected);
    const performance = await get<TemplatePerformanceItem[]>(token, '/api/templates/performance?range=7d');
    expect(performance).toEqual([
      {
        templateId: template.id,
        templateName: 'Harbor Intro',
        totalSent: expected.sent,
        responseRate: rates.responseRate,
      },
    ]);
    const [results] = await get<CampaignResults[]>(token, '/api/analytics/campaigns?range=7d');
    expect(results).toMatchObject({ sent: expected.sent, replied: expected.responded, replyRate: rates.responseRate });
    const best = await get<{ byHour: SendingSlot[]; byWeekday: SendingSlot[] }>(
      token,
      '/api/analytics/best-times?range=7d',
    );
    for (const slots of [best.byHour, best.byWeekday]) {
      expect(sum(slots, (slot) => slot.sent)).toBe(expected.sent);
      expect(sum(slots, (slot) => slot.replied)).toBe(expected.responded);
    }

    // Admin: the user's row, and the overall rates the page computes from the rows' sums.
    const rows = await get<AdminUserRow[]>(adminToken, '/api/admin/users');
    const dana = rows.find((row) => row.user.email === 'dana@figures.test');
    expect(dana?.stats).toMatchObject({
      totalEmailsSent: expected.sent,
      emailsDelivered: expected.delivered,
      emailsOpened: expected.opened,
      emailsClicked: expected.clicked,
      emailsResponded: expected.responded,
      openRate: rates.openRate,
      clickRate: rates.clickRate,
      responseRate: rates.responseRate,
    });
    const overall = mailRates({
      sent: sum(rows, (row) => row.stats.totalEmailsSent),
      delivered: sum(rows, (row) => row.stats.emailsDelivered),
      opened: sum(rows, (row) => row.stats.emailsOpened),
      clicked: sum(rows, (row) => row.stats.emailsClicked),
      responded: sum(rows, (row) => row.stats.emailsResponded),
    });
    expect(overall).toEqual(rates);
  });
});
