import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { StepCondition } from '../../../contract/campaigns';
import {
  type CampaignRecipientRow,
  type CampaignStatus,
  campaignRecipients,
  campaignSteps,
  campaigns,
  leads,
  type StepVariant,
  templates,
  trackingEvents,
  users,
} from '../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';
import { campaignStepFigures } from './campaign-step-figures';

const now = new Date('2026-11-23T10:00:00Z'); // a Monday, inside the default window (weekdays 09:00–17:00 UTC)
const t = await createTestApp({}, { clock: { now: () => now } });
const { db } = t.database;
afterAll(() => t.close());

/** A signed-up user: the session and the stored row. */
async function owner(name: string) {
  const token = await registerUser(t.app, `${name}@step-figures.test`);
  const id = (await getCurrentUser(t.app, token)).json().id as string;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return { token, user: row };
}

async function template(userId: string, name: string, subject: string) {
  const [row] = await db
    .insert(templates)
    .values({ userId, name, subject, body: '<p>Hi</p>', status: 'active' })
    .returning();
  return row.id;
}

async function lead(userId: string, email: string, status: 'active' | 'unsubscribed' | 'bounced' = 'active') {
  const [row] = await db.insert(leads).values({ userId, email, status }).returning();
  return row.id;
}

/** A sequence as the engine stores it: the campaign (template = step 1's) and its steps. */
async function sequence(
  userId: string,
  options: {
    cadence: 'weekly' | 'monthly';
    status?: CampaignStatus;
    steps: {
      templateId: number;
      delayDays: number;
      sameThread?: boolean;
      variants?: StepVariant[];
      condition?: StepCondition;
    }[];
  },
) {
  const [campaign] = await db
    .insert(campaigns)
    .values({ userId, templateId: options.steps[0].templateId, cadence: options.cadence, status: options.status })
    .returning();
  await db.insert(campaignSteps).values(
    options.steps.map((step, index) => ({
      campaignId: campaign.id,
      position: index + 1,
      templateId: step.templateId,
      delayDays: step.delayDays,
      sameThread: step.sameThread ?? false,
      variants: step.variants ?? [],
      condition: step.condition ?? 'always',
    })),
  );
  return campaign.id;
}

type Mail = Pick<CampaignRecipientRow, 'leadId' | 'step' | 'state'> &
  Partial<Pick<CampaignRecipientRow, 'variant' | 'sentAt' | 'repliedAt' | 'nextAttemptAt' | 'conditionSkippedAt'>>;

/** One row per mail of the campaign, as the sender leaves it; answers the rows' ids in order. */
async function mails(userId: string, campaignId: number, rows: Mail[]) {
  const inserted = await db
    .insert(campaignRecipients)
    .values(rows.map((row) => ({ userId, campaignId, attempts: row.state === 'pending' ? 0 : 1, ...row })))
    .returning({ id: campaignRecipients.id });
  return inserted.map((row) => row.id);
}

async function open(userId: string, recipientId: number, machine = false) {
  await db.insert(trackingEvents).values({ userId, recipientId, kind: 'open', machine });
}

const at = (iso: string) => new Date(iso);

describe('sequence steps in the campaign list', () => {
  it('counts each step and variant: leads at the step, sends, opens by people, replies, pending and skipped mails', async () => {
    const { user } = await owner('dana');
    const intro = await template(user.id, 'Intro', 'Hello {firstName}');
    const nudge = await template(user.id, 'Nudge', 'Following up');
    const last = await template(user.id, 'Last call', 'Closing the loop');
    const campaignId = await sequence(user.id, {
      cadence: 'weekly',
      steps: [
        { templateId: intro, delayDays: 0 },
        {
          templateId: nudge,
          delayDays: 7,
          sameThread: true,
          variants: [{ subject: 'Quick question', body: '<p>?</p>' }],
          condition: 'not_opened',
        },
        { templateId: last, delayDays: 14 },
      ],
    });
    const [ann, ben, cat, dan, eve] = await Promise.all(
      ['ann', 'ben', 'cat', 'dan', 'eve'].map((name) => lead(user.id, `${name}@prospects.test`)),
    );
    const [annFirst, , , danFirst] = await mails(user.id, campaignId, [
      { leadId: ann, step: 1, state: 'sent', sentAt: at('2026-11-16T10:00:00Z') },
      {
        leadId: ben,
        step: 1,
        state: 'sent',
        sentAt: at('2026-11-16T10:00:00Z'),
        repliedAt: at('2026-11-17T08:00:00Z'),
      },
      { leadId: cat, step: 1, state: 'sent', sentAt: at('2026-11-18T14:00:00Z') },
      { leadId: dan, step: 1, state: 'sent', sentAt: at('2026-11-18T14:00:00Z') },
      { leadId: eve, step: 1, state: 'failed' },
      { leadId: ann, step: 2, state: 'sent', sentAt: at('2026-11-23T09:00:00Z') },
      { leadId: cat, step: 2, variant: 1, state: 'pending', nextAttemptAt: at('2026-11-25T14:00:00Z') },
      // Step 2 goes only to leads who did not open step 1: skipped for one who did.
      { leadId: dan, step: 2, state: 'skipped', conditionSkippedAt: at('2026-11-25T14:00:00Z') },
    ]);
    await open(user.id, annFirst);
    await open(user.id, danFirst, true); // a mail-privacy proxy's fetch is no open

    const figures = await campaignStepFigures(db, user, [campaignId], now);
    const zero = { sent: 0, opened: 0, replied: 0, replyRate: 0 };
    expect(figures.get(campaignId)).toEqual({
      nextSendAt: '2026-11-25T14:00:00.000Z',
      steps: [
        {
          position: 1,
          templateName: 'Intro',
          delayDays: 0,
          sameThread: false,
          condition: 'always',
          leads: 3,
          sent: 4,
          pending: 0,
          skipped: 0,
          replied: 1,
          variants: [{ variant: 0, subject: 'Hello {firstName}', sent: 4, opened: 1, replied: 1, replyRate: 25 }],
        },
        {
          position: 2,
          templateName: 'Nudge',
          delayDays: 7,
          sameThread: true,
          condition: 'not_opened',
          leads: 1,
          sent: 1,
          pending: 1,
          skipped: 1,
          replied: 0,
          variants: [
            { variant: 0, subject: 'Following up', ...zero, sent: 1 },
            { variant: 1, subject: 'Quick question', ...zero },
          ],
        },
        {
          position: 3,
          templateName: 'Last call',
          delayDays: 14,
          sameThread: false,
          condition: 'always',
          leads: 0,
          sent: 0,
          pending: 0,
          skipped: 0,
          replied: 0,
          variants: [{ variant: 0, subject: 'Closing the loop', ...zero }],
        },
      ],
    });
  });

  it('with nothing pending, the next send is the earliest step still owed to a lead, inside the sending window', async () => {
    const { user } = await owner('eli');
    const intro = await template(user.id, 'Intro', 'Hello');
    const later = await template(user.id, 'Later', 'A month on');
    const campaignId = await sequence(user.id, {
      cadence: 'monthly',
      steps: [
        { templateId: intro, delayDays: 0 },
        { templateId: later, delayDays: 30 },
      ],
    });
    const [fay, gus, hal, ivy] = await Promise.all([
      lead(user.id, 'fay@prospects.test'),
      lead(user.id, 'gus@prospects.test'),
      lead(user.id, 'hal@prospects.test', 'bounced'),
      lead(user.id, 'ivy@prospects.test'),
    ]);
    await mails(user.id, campaignId, [
      // Due Sunday 20 December 18:00: the window opens on Monday at 09:00.
      { leadId: fay, step: 1, state: 'sent', sentAt: at('2026-11-20T18:00:00Z') },
      // Would be due sooner, but replied, bounced, or already at the last step.
      {
        leadId: gus,
        step: 1,
        state: 'sent',
        sentAt: at('2026-11-10T10:00:00Z'),
        repliedAt: at('2026-11-11T10:00:00Z'),
      },
      { leadId: hal, step: 1, state: 'sent', sentAt: at('2026-11-05T10:00:00Z') },
      { leadId: ivy, step: 1, state: 'sent', sentAt: at('2026-10-01T10:00:00Z') },
      { leadId: ivy, step: 2, state: 'sent', sentAt: at('2026-10-31T10:00:00Z') },
    ]);

    const figures = await campaignStepFigures(db, user, [campaignId], now);
    expect(figures.get(campaignId)?.nextSendAt).toBe('2026-12-21T09:00:00.000Z');

    // Once no lead is owed a step, nothing is to be sent.
    await db.update(leads).set({ status: 'unsubscribed' }).where(eq(leads.id, fay));
    expect((await campaignStepFigures(db, user, [campaignId], now)).get(campaignId)?.nextSendAt).toBeNull();
  });

  it('a step already due goes now; a paused sequence has no next send', async () => {
    const { user } = await owner('flo');
    const intro = await template(user.id, 'Intro', 'Hello');
    const nudge = await template(user.id, 'Nudge', 'Again');
    const steps = [
      { templateId: intro, delayDays: 0 },
      { templateId: nudge, delayDays: 7 },
    ];
    const overdue = await sequence(user.id, { cadence: 'weekly', steps });
    const paused = await sequence(user.id, { cadence: 'weekly', status: 'paused', steps });
    const jon = await lead(user.id, 'jon@prospects.test');
    await mails(user.id, overdue, [{ leadId: jon, step: 1, state: 'sent', sentAt: at('2026-11-02T10:00:00Z') }]);
    await mails(user.id, paused, [{ leadId: jon, step: 1, state: 'pending' }]);

    const figures = await campaignStepFigures(db, user, [overdue, paused], now);
    expect(figures.get(overdue)?.nextSendAt).toBe(now.toISOString());
    expect(figures.get(paused)).toMatchObject({ nextSendAt: null, steps: [{ pending: 1 }, { pending: 0 }] });
  });

  it('GET /api/campaigns lists a sequence with its steps and a single mail as before, each only to its owner', async () => {
    const gia = await owner('gia');
    const intro = await template(gia.user.id, 'Intro', 'Hello');
    const nudge = await template(gia.user.id, 'Nudge', 'Again');
    const single = (await db.insert(campaigns).values({ userId: gia.user.id, templateId: intro }).returning())[0].id;
    const sequenceId = await sequence(gia.user.id, {
      cadence: 'monthly',
      steps: [
        { templateId: intro, delayDays: 0 },
        { templateId: nudge, delayDays: 30 },
      ],
    });
    const kim = await lead(gia.user.id, 'kim@prospects.test');
    await mails(gia.user.id, sequenceId, [{ leadId: kim, step: 1, state: 'pending' }]);

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/campaigns',
      headers: { cookie: `lr_session=${gia.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const byId = new Map(response.json().map((item: { id: number }) => [item.id, item]));
    expect(byId.get(single)).toMatchObject({ templateName: 'Intro', cadence: null, steps: [], nextSendAt: null });
    expect(byId.get(sequenceId)).toMatchObject({
      cadence: 'monthly',
      nextSendAt: now.toISOString(),
      steps: [
        { position: 1, templateName: 'Intro', pending: 1, sent: 0 },
        { position: 2, templateName: 'Nudge', delayDays: 30, pending: 0 },
      ],
    });

    // Another user asking for these campaigns learns nothing of them.
    const { user: other } = await owner('hugo');
    expect((await campaignStepFigures(db, other, [single, sequenceId], now)).size).toBe(0);
  });
});
