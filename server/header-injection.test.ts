import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAccounts, leads, templates } from './db/schema';
import { createTestApp, getCurrentUser, registerUser } from './test/app';
import { prospectMail } from './test/replies-fixture';
import { seedSmtpAccount } from './test/seed-smtp-account';
import { type SmtpPeer, startSmtpPeer } from './test/smtp-peer';

/**
 * CR/LF in every value that reaches a mail header (the mailbox's display name, the template's subject and the lead
 * values filled into it, the lead's address, a prospect's subject and name read back as a reply) never adds a
 * header or a recipient. The values are stored straight into the database where the API would refuse them, so
 * the proof is about composing mail, whatever got stored.
 */
const INJECTED = '\r\nBcc: victim@evil.test\r\nX-Injected: yes';

let smtp: SmtpPeer;
let t: Awaited<ReturnType<typeof createTestApp>>;
let session: string;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp();
  session = await registerUser(t.app, 'owner@header-injection.test');
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${session}` } });

/** The mail was not changed by what was injected: no extra header, no extra recipient. */
function expectNoInjection(received: SmtpPeer['received'][number]) {
  const names = received.mail.headerLines.map((line) => line.key);
  expect(names).not.toContain('bcc');
  expect(names).not.toContain('x-injected');
  expect(received.envelopeTo).not.toContain('victim@evil.test');
  expect(received.envelopeTo).toHaveLength(1);
}

describe('CR/LF in values that reach mail headers', () => {
  it('adds no header to a campaign mail (display name, subject, lead name) nor to a reply (prospect subject)', async () => {
    const userId = (await getCurrentUser(t.app, session)).json().id as string;
    await call('PUT', '/api/user/profile', { postalAddress: '1 Harbor Way, Austin, TX 78701' });
    const accountId = await seedSmtpAccount(t.database.db, userId, smtp, { sendsPerMinute: 1000 });
    await t.database.db
      .update(emailAccounts)
      .set({ displayName: `Sales${INJECTED}` })
      .where(eq(emailAccounts.id, accountId));
    const template = await call('POST', '/api/templates', {
      name: 'Intro',
      subject: 'Hello {firstName} {company}',
      body: '<p>Hi {firstName}</p>',
      status: 'active',
    });
    expect(template.statusCode, template.body).toBe(201);
    await t.database.db
      .update(templates)
      .set({ subject: `Hello {firstName}${INJECTED} {company}` })
      .where(eq(templates.id, template.json().id));
    const [lead] = await t.database.db
      .insert(leads)
      .values({ userId, email: 'lead@prospects.test', firstName: `Dana${INJECTED}`, company: `Co${INJECTED}` })
      .returning();

    const started = await call('POST', '/api/campaigns/send-mass-email', {
      accountId,
      templateId: template.json().id,
      leadIds: [lead.id],
    });
    expect(started.statusCode, started.body).toBe(200);
    await t.container.services.campaignSender.run(started.json().campaignId);
    expect(smtp.received).toHaveLength(1);
    const campaignMail = smtp.received[0];
    expectNoInjection(campaignMail);
    expect(campaignMail.envelopeTo).toEqual(['lead@prospects.test']);
    expect(campaignMail.mail.subject).toContain('Hello Dana');

    const [account] = await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId));
    const taken = await t.container.services.inbound.take(
      account,
      Buffer.from(
        prospectMail({
          // Encoded words decode to CR/LF: the only way a header of a received mail can carry them.
          from: '=?utf-8?Q?Dana=0D=0ABcc=3A_victim=40evil.test?= <lead@prospects.test>',
          subject: '=?utf-8?Q?Re:_Hello=0D=0ABcc:_victim@evil.test=0D=0AX-Injected:_yes?=',
          text: 'Yes, call me.',
          messageId: '<injected-reply@prospects.test>',
          inReplyTo: campaignMail.mail.messageId,
        }),
      ),
    );
    expect(taken).toEqual({ outcome: 'taken', kind: 'reply' });
    const responseId = (await call('GET', '/api/responses')).json()[0].id;
    const replied = await call('POST', `/api/responses/${responseId}/reply`, { body: `Thanks!${INJECTED}` });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(smtp.received).toHaveLength(2);
    expectNoInjection(smtp.received[1]);
    expect(smtp.received[1].envelopeTo).toEqual(['lead@prospects.test']);
  });

  it('refuses a lead address with CR/LF in it, through the API and in an import', async () => {
    const created = await call('POST', '/api/leads', { email: `x@prospects.test${INJECTED}` });
    expect(created.statusCode).toBe(400);
    const imported = await call('POST', '/api/leads/upload-csv', {
      csvData: [{ email: `y@prospects.test${INJECTED}` }],
      firstRowNumber: 2,
    });
    expect(imported.json().added).toBe(0);
  });
});
