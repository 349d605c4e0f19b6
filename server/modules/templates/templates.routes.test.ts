import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, templates } from '../../db/schema';
import { createTestApp, registerUser } from '../../test/app';
import { seedSentEmails } from '../../test/seed-sent-emails';

const t = await createTestApp();
const { app } = t;
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) {
  return app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });
}
const template = (overrides: object = {}) => ({
  name: 'Spring intro',
  subject: 'Hello {firstName|there}',
  body: '<p>Hi {firstName},</p><p>We help <strong>{company}</strong>.</p>',
  weekNumber: 3,
  status: 'active',
  includeStockTip: true,
  attachments: [],
  ...overrides,
});
const base64OfSize = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64');

let owner: string;
let stranger: string;
beforeAll(async () => {
  owner = await registerUser(app, 'owner@templates.test');
  stranger = await registerUser(app, 'stranger@templates.test');
});

describe('templates CRUD', () => {
  it('creates, lists newest first, updates and deletes', async () => {
    const created = await call('POST', '/api/templates', owner, template());
    expect(created.statusCode).toBe(201);
    const first = created.json();
    expect(first).toMatchObject(template());
    const second = (await call('POST', '/api/templates', owner, template({ name: 'Second', weekNumber: null }))).json();
    expect(second.weekNumber).toBeNull();

    const list = (await call('GET', '/api/templates', owner)).json();
    expect(list.map((row: { id: number }) => row.id)).toEqual([second.id, first.id]);

    const updated = await call(
      'PUT',
      `/api/templates/${first.id}`,
      owner,
      template({ name: 'Renamed', status: 'archived' }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: first.id, name: 'Renamed', status: 'archived' });

    const deleted = await call('DELETE', `/api/templates/${first.id}`, owner);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', '/api/templates', owner)).json().map((row: { id: number }) => row.id)).toEqual([
      second.id,
    ]);
    expect((await call('DELETE', `/api/templates/${first.id}`, owner)).statusCode).toBe(404);
  });

  it('defaults status to draft, no week, no stock tip and no attachments', async () => {
    const response = await call('POST', '/api/templates', owner, { name: 'Min', subject: 'S', body: '<p>B</p>' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'draft',
      weekNumber: null,
      includeStockTip: false,
      attachments: [],
    });
  });

  it.each([
    [{ name: '   ' }, 'The name is required.'],
    [{ subject: '' }, 'The subject is required.'],
    [{ body: '  ' }, 'The body is required.'],
    [{ body: '<p> </p><p><br></p>' }, 'The body is required.'],
    [{ weekNumber: 0 }, 'The week number must be a whole number from 1 to 52.'],
    [{ weekNumber: 53 }, 'The week number must be a whole number from 1 to 52.'],
    [{ weekNumber: 2.5 }, 'The week number must be a whole number from 1 to 52.'],
  ])('refuses %j with "%s"', async (overrides, message) => {
    const response = await call('POST', '/api/templates', owner, template(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('takes a body of 10,000 tags and refuses one more', async () => {
    const paragraphs = '<p>Line</p>'.repeat(5_000);
    expect((await call('POST', '/api/templates', owner, template({ body: paragraphs }))).statusCode).toBe(201);
    const response = await call('POST', '/api/templates', owner, template({ body: `${paragraphs}<br>` }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The body has too many HTML tags: at most 10,000.' });
  });

  it('refuses an unknown status', async () => {
    const response = await call('POST', '/api/templates', owner, template({ status: 'live' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The status is not one of the allowed choices.' });
  });

  it('refuses an over-long name, subject or body with a sentence, on create and on update', async () => {
    const tooLong = [
      [{ name: 'n'.repeat(201) }, 'The name can be at most 200 characters.'],
      [{ subject: 's'.repeat(999) }, 'The subject can be at most 998 characters.'],
      [{ subject: 'x'.repeat(10_000) }, 'The subject can be at most 998 characters.'],
      [{ body: `<p>${'b'.repeat(500_000)}</p>` }, 'The body can be at most 500,000 characters.'],
    ] as const;
    const created = (await call('POST', '/api/templates', owner, template())).json();
    for (const [overrides, message] of tooLong) {
      const create = await call('POST', '/api/templates', owner, template(overrides));
      expect(create.statusCode).toBe(400);
      expect(create.json()).toEqual({ message });
      const update = await call('PUT', `/api/templates/${created.id}`, owner, template(overrides));
      expect(update.statusCode).toBe(400);
      expect(update.json()).toEqual({ message });
    }
    // At the limits, it is stored.
    const atLimits = template({ name: 'n'.repeat(200), subject: 's'.repeat(998) });
    expect((await call('POST', '/api/templates', owner, atLimits)).statusCode).toBe(201);
  });

  it('names a missing field, and a field of the wrong kind, in words', async () => {
    const { subject: _, ...withoutSubject } = template();
    const missing = await call('POST', '/api/templates', owner, withoutSubject);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'The subject is required.' });
    const wrongKind = await call('POST', '/api/templates', owner, template({ includeStockTip: 'yes' }));
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json()).toEqual({ message: 'The include stock tip must be true or false.' });
  });
});

describe('attachments', () => {
  it('stores files; the list names them without their contents, the template itself carries them', async () => {
    const attachments = [
      { name: 'brochure.pdf', contentType: 'application/pdf', contentBytes: base64OfSize(1000) },
      { name: 'price list.txt', contentType: 'text/plain', contentBytes: base64OfSize(998) },
    ];
    const created = await call('POST', '/api/templates', owner, template({ attachments }));
    expect(created.statusCode).toBe(201);
    const summaries = [
      { name: 'brochure.pdf', contentType: 'application/pdf', size: 1000 },
      { name: 'price list.txt', contentType: 'text/plain', size: 998 },
    ];
    expect(created.json().attachments).toEqual(summaries);
    const list = await call('GET', '/api/templates', owner);
    const listed = list.json().find((item: { id: number }) => item.id === created.json().id);
    expect(listed.attachments).toEqual(summaries);
    expect(list.body).not.toContain(attachments[0].contentBytes.slice(0, 40));
    const detail = await call('GET', `/api/templates/${created.json().id}`, owner);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().attachments).toEqual(attachments);
    expect((await call('GET', `/api/templates/${created.json().id}`, stranger)).statusCode).toBe(404);
  });

  it('refuses a file over 3 MB, naming it', async () => {
    const attachments = [
      { name: 'big.pdf', contentType: 'application/pdf', contentBytes: base64OfSize(3 * 1024 * 1024 + 1) },
    ];
    const response = await call('POST', '/api/templates', owner, template({ attachments }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'big.pdf is larger than 3MB. Please use a smaller file.' });
  });

  it('refuses more than 10 MB in all and more than 10 files', async () => {
    const file = (megabytes: number, i: number) => ({
      name: `f${i}.bin`,
      contentType: 'application/octet-stream',
      contentBytes: base64OfSize(Math.round(megabytes * 1024 * 1024)),
    });
    const tooBig = await call(
      'POST',
      '/api/templates',
      owner,
      template({ attachments: [2.9, 2.9, 2.9, 1.5].map(file) }),
    );
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({
      message: 'Attachments can add up to at most 10MB per template, so f3.bin was not added.',
    });
    const small = (i: number) => ({ name: `s${i}.txt`, contentType: 'text/plain', contentBytes: base64OfSize(10) });
    const tooMany = await call(
      'POST',
      '/api/templates',
      owner,
      template({ attachments: Array.from({ length: 11 }, (_, i) => small(i)) }),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: 'A template can have at most 10 attachments.' });
  });

  it('refuses content that is not base64', async () => {
    const attachments = [{ name: 'x.txt', contentType: 'text/plain', contentBytes: 'not base64!!' }];
    const response = await call('POST', '/api/templates', owner, template({ attachments }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('An attachment’s content could not be read.');
  });
});

describe('sanitising', () => {
  it.each([
    ['<p>Hi</p><img src=x onerror="alert(1)">', '<p>Hi</p><img src="x" />'],
    ['<p><a href="javascript:alert(1)">click</a></p>', '<p><a target="_blank" rel="noopener noreferrer">click</a></p>'],
    ['<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
    ['<form action="https://evil.test"><input name="pw"></form><p>x</p>', '<p>x</p>'],
    ['<p style="color:red" onclick="steal()">styled</p>', '<p>styled</p>'],
    ['<iframe src="https://evil.test"></iframe><p>y</p>', '<p>y</p>'],
  ])('stores %s as %s', async (body, stored) => {
    const response = await call('POST', '/api/templates', owner, template({ body }));
    expect(response.statusCode).toBe(201);
    expect(response.json().body).toBe(stored);
  });

  it('keeps what the editor produces', async () => {
    const body =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p><ul><li>one</li></ul><ol><li>two</li></ol>' +
      '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com/?a=1&amp;b=2">link</a></p>';
    expect((await call('POST', '/api/templates', owner, template({ body }))).json().body).toBe(body);
  });
});

describe('isolation', () => {
  it('answers 404 for another user’s template on every route, and 401 signed out', async () => {
    const theirs = (await call('POST', '/api/templates', stranger, template({ name: 'Secret' }))).json();
    expect((await call('PUT', `/api/templates/${theirs.id}`, owner, template())).statusCode).toBe(404);
    expect((await call('DELETE', `/api/templates/${theirs.id}`, owner)).statusCode).toBe(404);
    expect((await call('GET', '/api/templates', owner)).body).not.toContain('Secret');
    expect((await call('PUT', '/api/templates/abc', owner, template())).json()).toEqual({
      message: 'Template not found',
    });
    expect((await app.inject({ method: 'GET', url: '/api/templates' })).statusCode).toBe(401);
    expect((await call('GET', '/api/templates', stranger)).json()[0].name).toBe('Secret');
  });
});

describe('GET /api/templates/performance', () => {
  it('is empty until emails are sent, then counts sends and the response rate', async () => {
    const user = await registerUser(app, 'perf@templates.test');
    expect((await call('GET', '/api/templates/performance', user)).json()).toEqual([]);
    const created = (await call('POST', '/api/templates', user, template({ name: 'Perf' }))).json();
    const [row] = await t.database.db
      .select({ userId: templates.userId })
      .from(templates)
      .where(eq(templates.id, created.id));
    const [lead] = await t.database.db.insert(leads).values({ userId: row.userId, email: 'p@perf.test' }).returning();
    await seedSentEmails(
      t.database.db,
      row.userId,
      Array.from({ length: 8 }, (_, i) => ({
        leadId: lead.id,
        templateId: created.id,
        subject: 'x',
        repliedAt: i < 3 ? new Date() : null,
      })),
    );
    expect((await call('GET', '/api/templates/performance', user)).json()).toEqual([
      { templateId: created.id, templateName: 'Perf', totalSent: 8, responseRate: 37.5 },
    ]);
    expect((await call('GET', '/api/templates/performance', owner)).json()).toEqual([]);
  });
});
