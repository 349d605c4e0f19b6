import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeDnsResolver } from '../../adapters/dns/dns-resolver';
import { mailDomainChecks } from '../../db/schema';
import { createTestDatabase } from '../../test/database';
import { startDnsServer, type TestDnsServer } from '../../test/dns-server';
import { createMailDomainCheck } from './mail-domain-check';

/** Every outcome a lead's domain can have, as a local DNS server answers it. */
const mailZone = {
  'mx.test': [{ type: 'MX' as const, exchange: 'mail.mx.test' }],
  'a-only.test': [{ type: 'A' as const, address: '192.0.2.20' }],
  'aaaa-only.test': [{ type: 'AAAA' as const, address: '2001:db8::20' }],
  'null-mx.test': [
    { type: 'MX' as const, exchange: '.', priority: 0 },
    { type: 'A' as const, address: '192.0.2.21' },
  ],
  'txt-only.test': [{ type: 'TXT' as const, data: 'v=spf1 -all' }],
  'slow.test': 'timeout' as const,
  'broken.test': 'servfail' as const,
};

let now = new Date('2026-11-23T12:00:00Z');
const clock = { now: () => now };
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dns: TestDnsServer;
let resolver: NodeDnsResolver;

beforeAll(async () => {
  [database, dns] = await Promise.all([createTestDatabase(), startDnsServer(mailZone)]);
  // Long enough for the test server to answer on a busy 2-core machine, short enough for the one that never does.
  resolver = new NodeDnsResolver([dns.server], { timeoutMs: 1500, tries: 1 });
});
afterAll(async () => {
  await dns?.close();
  await database?.dispose();
});

const newCheck = () => createMailDomainCheck({ db: database.db, clock, dns: resolver });
const questionsAbout = (domain: string) => dns.questions.filter((question) => question.startsWith(`${domain} `));

describe('whether a domain can receive mail (local DNS server)', () => {
  it('takes MX, else an A or AAAA address; refuses none, a null MX and NXDOMAIN; does not know when DNS fails', async () => {
    const check = newCheck();
    await expect(check.acceptsMail('mx.test')).resolves.toBe(true);
    await expect(check.acceptsMail('A-Only.test')).resolves.toBe(true);
    await expect(check.acceptsMail('aaaa-only.test')).resolves.toBe(true);
    await expect(check.acceptsMail('null-mx.test')).resolves.toBe(false);
    await expect(check.acceptsMail('txt-only.test')).resolves.toBe(false);
    await expect(check.acceptsMail('nowhere.test')).resolves.toBe(false);
    await expect(check.acceptsMail('slow.test')).resolves.toBeNull();
    await expect(check.acceptsMail('broken.test')).resolves.toBeNull();
    // A null MX says "no mail" by itself: no address is asked for.
    expect(questionsAbout('null-mx.test')).toEqual(['null-mx.test MX']);
  });

  it('keeps answers a day in the table, asks DNS again after it, and never stores an unknown', async () => {
    now = new Date('2026-11-23T12:00:00Z');
    await newCheck().acceptsMail('cached.test');
    const asked = questionsAbout('cached.test').length;
    const stored = await database.db.select().from(mailDomainChecks).where(eq(mailDomainChecks.domain, 'cached.test'));
    expect(stored).toMatchObject([{ acceptsMail: false, checkedAt: now }]);

    // Another process, 23 hours on: the table answers.
    now = new Date('2026-11-24T11:00:00Z');
    await expect(newCheck().acceptsMail('cached.test')).resolves.toBe(false);
    expect(questionsAbout('cached.test')).toHaveLength(asked);

    // A day on: DNS again, and the row is renewed.
    now = new Date('2026-11-24T12:00:01Z');
    await expect(newCheck().acceptsMail('cached.test')).resolves.toBe(false);
    expect(questionsAbout('cached.test').length).toBeGreaterThan(asked);
    const [renewed] = await database.db
      .select()
      .from(mailDomainChecks)
      .where(eq(mailDomainChecks.domain, 'cached.test'));
    expect(renewed.checkedAt).toEqual(now);

    await newCheck().acceptsMail('slow.test');
    expect(await database.db.select().from(mailDomainChecks).where(eq(mailDomainChecks.domain, 'slow.test'))).toEqual(
      [],
    );
  });

  it('asks DNS and the table once per domain in a process, however many mails go there', async () => {
    const check = newCheck();
    await Promise.all(Array.from({ length: 20 }, () => check.acceptsMail('a-only.test')));
    const asked = questionsAbout('a-only.test').length;
    await database.db.delete(mailDomainChecks).where(eq(mailDomainChecks.domain, 'a-only.test'));
    await expect(check.acceptsMail('a-only.test')).resolves.toBe(true);
    expect(questionsAbout('a-only.test')).toHaveLength(asked);
    expect(await database.db.select().from(mailDomainChecks).where(eq(mailDomainChecks.domain, 'a-only.test'))).toEqual(
      [],
    );
  });
});
