import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, users } from '../../db/schema';
import { createTestApp, registerUser } from '../../test/app';

const t = await createTestApp();
const { app } = t;
afterAll(() => t.close());

const score = (payload: object, token?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/templates/score',
    payload,
    headers: token ? { cookie: `lr_session=${token}` } : {},
  });

let owner: string;
beforeAll(async () => {
  owner = await registerUser(app, 'owner@score.test');
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'owner@score.test'));
  // 10 active leads: 3 without a first name (one of them blank), 1 without a company; the unsubscribed and bounced
  // leads without names are not counted, as they are never mailed.
  await t.database.db.insert(leads).values([
    ...Array.from({ length: 7 }, (_, i) => ({
      userId: user.id,
      email: `named${i}@score.test`,
      firstName: 'Ann',
      company: 'Acme',
    })),
    { userId: user.id, email: 'nofirst1@score.test', company: 'Acme' },
    { userId: user.id, email: 'nofirst2@score.test', company: 'Acme' },
    { userId: user.id, email: 'blank@score.test', firstName: '  ' },
    { userId: user.id, email: 'gone@score.test', status: 'unsubscribed' as const },
    { userId: user.id, email: 'bounced@score.test', status: 'bounced' as const },
  ]);
  // Another user's leads never count.
  await registerUser(app, 'stranger@score.test');
  const [stranger] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'stranger@score.test'));
  await t.database.db.insert(leads).values({ userId: stranger.id, email: 'x@stranger.test' });
});

describe('POST /api/templates/score', () => {
  it('answers 401 without a session', async () => {
    expect((await score({ subject: 'Hi', body: '<p>x</p>' })).statusCode).toBe(401);
  });

  it('answers 400 when the subject or body is missing', async () => {
    const response = await score({ body: '<p>Hello</p>' }, owner);
    expect(response.statusCode).toBe(400);
    expect((await score({ subject: 'A subject', body: 42 }, owner)).statusCode).toBe(400);
  });

  it('names variables without a fallback that are empty for more than a tenth of the active leads', async () => {
    const response = await score(
      { subject: 'A quick question for {company}', body: '<p>Hi {firstName}, {lastName|friend} here.</p>' },
      owner,
    );
    expect(response.statusCode).toBe(200);
    const { score: value, findings } = response.json();
    // firstName: 3 of 10 active leads empty (30%); company: 1 of 10 (10%, not more than a tenth); lastName has a fallback.
    expect(findings).toEqual([
      {
        code: 'variable_often_empty',
        message: '{firstName} is empty for 30% of your active leads (3 of 10): they would get a blank where it stands.',
        advice: 'Add a fallback such as {firstName|there}, or fill in the missing values on the Leads page.',
      },
    ]);
    expect(value).toBe(90);
  });

  it('has no lead finding once the variable has a fallback, and runs the content checks', async () => {
    const response = await score(
      {
        subject: 'FREE MONEY!!! Act now',
        body: '<p>Hi {firstName|there}, see {phone}.</p>',
        attachmentsCount: 1,
        weekNumber: 1,
      },
      owner,
    );
    const codes = response.json().findings.map((finding: { code: string }) => finding.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'subject_all_caps',
        'exclamation_marks',
        'spam_phrases',
        'unknown_variables',
        'attachments_first_touch',
      ]),
    );
    expect(codes).not.toContain('variable_often_empty');
  });
});
