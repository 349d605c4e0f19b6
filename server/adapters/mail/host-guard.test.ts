import { describe, expect, it } from 'vitest';
import { TestDnsResolver } from '../../test/test-websites';
import { createMailHostGuard, isAllowedMailAddress, legacyIpv4 } from './host-guard';

const localOrPrivate = [
  '127.0.0.1',
  '127.8.9.10',
  '::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '10.0.0.5',
  '172.16.5.4',
  '192.168.1.10',
  '100.64.0.1',
  'fd12:3456::1',
];
const never = [
  '169.254.169.254',
  '169.254.0.1',
  '100.100.100.200',
  '168.63.129.16',
  'fd00:ec2::254',
  'fe80::1',
  '::ffff:169.254.169.254',
  '::ffff:a9fe:a9fe',
  '0.0.0.0',
  '0.1.2.3',
  '::',
  '64:ff9b::7f00:1',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b:1::a00:5',
  '224.0.0.1',
  '255.255.255.255',
];

describe('mail host guard: addresses', () => {
  it.each([...localOrPrivate, ...never])('refuses %s by default', (address) => {
    expect(isAllowedMailAddress(address, false)).toBe(false);
  });

  it.each(localOrPrivate)('allows %s when private mail servers are allowed', (address) => {
    expect(isAllowedMailAddress(address, true)).toBe(true);
  });

  it.each(never)('refuses %s even when private mail servers are allowed', (address) => {
    expect(isAllowedMailAddress(address, true)).toBe(false);
  });

  it.each(['93.184.216.34', '2606:2800:220:1::1'])('allows the public address %s', (address) => {
    expect(isAllowedMailAddress(address, false)).toBe(true);
  });

  it('reads the other IPv4 spellings as the system resolver does, and nothing else', () => {
    expect(legacyIpv4('2130706433')).toBe('127.0.0.1');
    expect(legacyIpv4('0x7f.0.0.1')).toBe('127.0.0.1');
    expect(legacyIpv4('0x7f000001')).toBe('127.0.0.1');
    expect(legacyIpv4('0177.0.0.1')).toBe('127.0.0.1');
    expect(legacyIpv4('127.1')).toBe('127.0.0.1');
    expect(legacyIpv4('10.1.2')).toBe('10.1.0.2');
    expect(legacyIpv4('0')).toBe('0.0.0.0');
    for (const notAnAddress of ['smtp.example.com', '08.0.0.1', '256.0.0.1', '1.2.3.4.5', '127.0.0.1.', 'cafe']) {
      expect(legacyIpv4(notAnAddress)).toBeNull();
    }
  });
});

describe('mail host guard: hosts', () => {
  const resolver = new TestDnsResolver({
    'mail.public.test': ['93.184.216.34', '2606:2800:220:1::1'],
    'mixed.test': ['93.184.216.34', '10.0.0.5'],
    'metadata.test': ['169.254.169.254'],
    'local.test': ['127.0.0.1'],
  });
  const strict = createMailHostGuard({ resolver, allowPrivate: false });
  const open = createMailHostGuard({ resolver, allowPrivate: true });

  it('answers the first address of a host whose every address is allowed, to connect to', async () => {
    await expect(strict('mail.public.test', 'SMTP')).resolves.toBe('93.184.216.34');
    await expect(strict('[2606:2800:220:1::1]', 'IMAP')).resolves.toBe('2606:2800:220:1::1');
    await expect(open('local.test', 'SMTP')).resolves.toBe('127.0.0.1');
    await expect(open('0x7f.1', 'SMTP')).resolves.toBe('127.0.0.1');
  });

  it('refuses a host when any of its addresses is refused, in plain words, as a setting to change', async () => {
    await expect(strict('mixed.test', 'SMTP')).rejects.toMatchObject({
      kind: 'auth',
      message:
        "SMTP host mixed.test is on a private network or on this server itself, which mailboxes may not use here. Use your mail provider's public server name, or ask the administrator to allow mail servers on the local network.",
    });
    await expect(open('metadata.test', 'IMAP')).rejects.toThrow(
      'IMAP host metadata.test is not allowed: it is a link-local or cloud metadata address, never a mail server.',
    );
    await expect(open('[::]', 'SMTP')).rejects.toThrow(
      'SMTP host [::] is not allowed: no mail server can be at that address.',
    );
  });

  it('checks numeric spellings as the address they are, without asking DNS', async () => {
    const before = resolver.lookups.length;
    await expect(strict('2130706433', 'SMTP')).rejects.toThrow(/^SMTP host 2130706433 is on a private network/);
    await expect(strict('0177.0.0.1', 'SMTP')).rejects.toThrow(/^SMTP host 0177\.0\.0\.1 is on a private network/);
    expect(resolver.lookups.length).toBe(before);
  });

  it('says a name that does not resolve could not be found, which may pass', async () => {
    await expect(strict('nowhere.invalid', 'SMTP')).rejects.toMatchObject({
      kind: 'temporary',
      message: 'SMTP host nowhere.invalid could not be found',
    });
  });
});
