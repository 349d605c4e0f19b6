import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountHealth } from '../../../contract/domain-health';
import { dkimRecord } from '../../test/dkim-keys';
import { startDnsServer, type TestDnsServer, type Zone } from '../../test/dns-server';
import { NodeDnsResolver } from '../dns/dns-resolver';
import { checkDomainHealth } from './domain-health';
import { senderProfile } from './sender-profile';

const googleNetblocks: Zone = {
  '_spf.google.com': [{ type: 'TXT', data: 'v=spf1 include:_netblocks.google.com ~all' }],
  '_netblocks.google.com': [{ type: 'TXT', data: 'v=spf1 ip4:209.85.128.0/17 ip4:74.125.0.0/16 ~all' }],
  'spf.protection.outlook.com': [{ type: 'TXT', data: 'v=spf1 ip4:40.92.0.0/15 ip4:40.107.0.0/16 -all' }],
  'dbltest.com.dbl.spamhaus.org': [{ type: 'A', address: '127.0.1.2' }],
};

const zone: Zone = {
  ...googleNetblocks,
  // Everything right for Google Workspace.
  'good.test': [
    { type: 'MX', exchange: 'smtp.google.com', priority: 1 },
    { type: 'TXT', data: 'v=spf1 include:_spf.google.com ~all' },
    { type: 'TXT', data: 'google-site-verification=abc' },
  ],
  'google._domainkey.good.test': [{ type: 'TXT', data: dkimRecord() }],
  '_dmarc.good.test': [{ type: 'TXT', data: 'v=DMARC1; p=quarantine; rua=mailto:dmarc@good.test' }],
  // A domain with mail but nothing else set up.
  'bare.test': [{ type: 'MX', exchange: 'mx.bare.test' }],
  // SPF for another provider, a revoked key, DMARC monitoring only.
  'wrong.test': [
    { type: 'MX', exchange: 'mx.wrong.test' },
    { type: 'TXT', data: 'v=spf1 include:spf.protection.outlook.com -all' },
  ],
  'google._domainkey.wrong.test': [{ type: 'TXT', data: 'v=DKIM1; k=rsa; p=' }],
  '_dmarc.wrong.test': [{ type: 'TXT', data: 'v=DMARC1; p=none' }],
  // Broken records: a null MX, an SPF include of nothing, a key too short.
  'broken.test': [
    { type: 'MX', exchange: '.', priority: 0 },
    { type: 'TXT', data: 'v=spf1 include:nowhere.test ~all' },
  ],
  'google._domainkey.broken.test': [{ type: 'TXT', data: dkimRecord(512) }],
  // On the blocklist, monitoring DMARC and SPF passing.
  'listed.test': [
    { type: 'MX', exchange: 'mx.listed.test' },
    { type: 'TXT', data: 'v=spf1 include:_spf.google.com -all' },
  ],
  '_dmarc.listed.test': [{ type: 'TXT', data: 'v=DMARC1; p=none' }],
  'listed.test.dbl.spamhaus.org': [{ type: 'A', address: '127.0.1.2' }],
  // Spamhaus refuses questions that come through public resolvers.
  'refused.test': [{ type: 'MX', exchange: 'mx.refused.test' }],
  'refused.test.dbl.spamhaus.org': [{ type: 'A', address: '127.255.255.254' }],
  // DNS that never answers.
  'slow.test': 'timeout',
  '_dmarc.slow.test': 'timeout',
  'google._domainkey.slow.test': 'timeout',
  'slow.test.dbl.spamhaus.org': 'timeout',
  // An SMTP host's own domain, authorised by its address.
  'ownsmtp.test': [
    { type: 'MX', exchange: 'smtp.ownsmtp.test' },
    { type: 'TXT', data: 'v=spf1 a:smtp.ownsmtp.test -all' },
  ],
  'smtp.ownsmtp.test': [{ type: 'A', address: '192.0.2.10' }],
  'mail._domainkey.ownsmtp.test': [{ type: 'TXT', data: dkimRecord() }],
  '_dmarc.ownsmtp.test': [{ type: 'TXT', data: 'v=DMARC1; p=reject' }],
  // Microsoft 365: the DKIM selectors are CNAMEs to the tenant's keys.
  'ms.test': [
    { type: 'MX', exchange: 'ms-test.mail.protection.outlook.com' },
    { type: 'TXT', data: 'v=spf1 include:spf.protection.outlook.com -all' },
  ],
  'selector1._domainkey.ms.test': [{ type: 'CNAME', domain: 'selector1-ms-test._domainkey.contoso.onmicrosoft.com' }],
  // 1024 bits: with the alias, a 2048-bit key's answer outgrows the test server's plain 512-byte UDP answers.
  'selector1-ms-test._domainkey.contoso.onmicrosoft.com': [{ type: 'TXT', data: dkimRecord(1024) }],
  '_dmarc.ms.test': [{ type: 'TXT', data: 'v=DMARC1; p=reject' }],
};

describe('domain health checks against a local DNS server', () => {
  let dns: TestDnsServer;
  let query: NodeDnsResolver['query'];

  beforeAll(async () => {
    dns = await startDnsServer(zone);
    // Long enough for the test server to answer on a busy 2-core machine (300 ms was not, once in CI), short enough
    // for the domain that never answers.
    query = new NodeDnsResolver([dns.server], { timeoutMs: 1500, tries: 1 }).query;
  });
  afterAll(() => dns?.close());

  const check = (domain: string, provider: 'gmail' | 'outlook' | 'smtp' = 'gmail', seenSelectors: string[] = []) =>
    checkDomainHealth({
      domain,
      profile: senderProfile(
        provider,
        provider === 'smtp' ? { host: 'smtp.ownsmtp.test', address: '192.0.2.10' } : null,
      ),
      seenSelectors,
      query,
      now: new Date('2026-11-23T12:00:00Z'),
    });
  const statuses = (health: AccountHealth) => ({
    mx: health.mx.status,
    spf: health.spf.status,
    dkim: health.dkim.status,
    dmarc: health.dmarc.status,
    blocklist: health.blocklist.status,
  });

  it('passes a domain set up for Google, following SPF includes as a receiver does', async () => {
    const health = await check('good.test');
    expect(statuses(health)).toEqual({ mx: 'pass', spf: 'pass', dkim: 'pass', dmarc: 'pass', blocklist: 'pass' });
    expect(health.spf.detail).toBe('SPF authorises Google to send for good.test.');
    expect(health.dkim.detail).toMatch(/google\._domainkey\.good\.test \(2048-bit\)/);
    expect(health.dmarc.detail).toBe('DMARC policy quarantine; your mail aligns with good.test.');
    expect(health.checkedAt).toBe('2026-11-23T12:00:00.000Z');
  });

  it('fails missing SPF, DKIM and DMARC with the record to add', async () => {
    const health = await check('bare.test');
    expect(statuses(health)).toEqual({ mx: 'pass', spf: 'fail', dkim: 'fail', dmarc: 'fail', blocklist: 'pass' });
    expect(health.spf.advice).toBe('Add this TXT record at your DNS host: v=spf1 include:_spf.google.com ~all');
    expect(health.dkim.advice).toMatch(/Google Admin console/);
    expect(health.dmarc.advice).toBe(
      'Add this TXT record at your DNS host, named _dmarc.bare.test: v=DMARC1; p=none; rua=mailto:dmarc@bare.test',
    );
  });

  it('fails an SPF record that authorises another provider, and says what to publish instead', async () => {
    const health = await check('wrong.test');
    expect(health.spf.status).toBe('fail');
    expect(health.spf.detail).toMatch(/does not authorise Google/);
    expect(health.spf.advice).toBe(
      'Change the TXT record at your DNS host to: v=spf1 include:_spf.google.com include:spf.protection.outlook.com -all',
    );
    expect(health.dkim).toMatchObject({ status: 'fail', detail: expect.stringMatching(/revoked/) });
    // Neither SPF nor DKIM passes for the domain: DMARC cannot pass whatever its policy.
    expect(health.dmarc).toMatchObject({ status: 'fail', detail: expect.stringMatching(/does not align/) });
  });

  it('fails broken records: a null MX, an SPF include of nothing, a key under 1024 bits', async () => {
    const health = await check('broken.test');
    expect(health.mx).toMatchObject({ status: 'fail', detail: expect.stringMatching(/null MX/) });
    expect(health.mx.advice).toMatch(/smtp\.google\.com/);
    expect(health.spf).toMatchObject({ status: 'fail', detail: expect.stringMatching(/SPF record is broken/) });
    expect(health.dkim).toMatchObject({ status: 'fail', detail: expect.stringMatching(/shorter than 1024 bits/) });
  });

  it('fails a domain on the Spamhaus DBL, and warns on a monitoring-only DMARC policy', async () => {
    const health = await check('listed.test');
    expect(health.blocklist).toMatchObject({ status: 'fail', detail: expect.stringMatching(/127\.0\.1\.2/) });
    expect(health.blocklist.advice).toMatch(/check\.spamhaus\.org/);
    expect(health.dmarc).toMatchObject({ status: 'warning', advice: expect.stringMatching(/p=quarantine/) });
  });

  it('calls a refused blocklist question and a DNS timeout unknown, never clean', async () => {
    expect((await check('refused.test')).blocklist.status).toBe('unknown');
    const health = await check('slow.test');
    expect(statuses(health)).toEqual({
      mx: 'unknown',
      spf: 'unknown',
      dkim: 'unknown',
      dmarc: 'unknown',
      blocklist: 'unknown',
    });
    expect(health.mx.detail).toMatch(/DNS did not answer/);
  });

  it('does not call a domain clean when the blocklist’s own test entry is not listed (DNS answering NXDOMAIN to all)', async () => {
    const testEntry = zone['dbltest.com.dbl.spamhaus.org'];
    delete zone['dbltest.com.dbl.spamhaus.org'];
    try {
      expect((await check('good.test')).blocklist).toMatchObject({
        status: 'unknown',
        detail: expect.stringMatching(/test entry dbltest\.com was not listed/),
      });
    } finally {
      zone['dbltest.com.dbl.spamhaus.org'] = testEntry;
    }
  });

  it('checks an SMTP host by its address and the selectors seen in the account’s own mail', async () => {
    const health = await check('ownsmtp.test', 'smtp', ['mail']);
    expect(statuses(health)).toEqual({ mx: 'pass', spf: 'pass', dkim: 'pass', dmarc: 'pass', blocklist: 'pass' });
    expect(health.dkim.detail).toMatch(/mail\._domainkey\.ownsmtp\.test/);
  });

  it('follows Microsoft 365’s DKIM CNAMEs to the tenant’s key', async () => {
    const health = await check('ms.test', 'outlook');
    expect(statuses(health)).toEqual({ mx: 'pass', spf: 'pass', dkim: 'pass', dmarc: 'pass', blocklist: 'pass' });
    expect(health.dkim.detail).toMatch(/selector1\._domainkey\.ms\.test/);
  });
});
