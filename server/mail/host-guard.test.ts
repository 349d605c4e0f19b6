import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, resolveAllowedMailHost } from './host-guard';

describe('mail host guard', () => {
  it.each([
    '169.254.169.254',
    '169.254.0.1',
    'fd00:ec2::254',
    'fd00:ec2:0::254',
    'fe80::1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '0:0:0:0:0:ffff:169.254.169.254',
  ])('forbids %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });
  it.each(['127.0.0.1', '10.0.0.5', '192.168.1.10', '2001:db8::1', '::1'])('allows %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it('resolves names and explains refusals', async () => {
    await expect(resolveAllowedMailHost('localhost', 'SMTP')).resolves.toMatch(/^(127\.0\.0\.1|::1)$/);
    await expect(resolveAllowedMailHost('169.254.169.254', 'IMAP')).rejects.toThrow(
      'IMAP host 169.254.169.254 is not allowed (link-local or cloud metadata address)',
    );
    await expect(resolveAllowedMailHost('no-such-host.invalid', 'SMTP')).rejects.toThrow(
      'SMTP host no-such-host.invalid could not be found',
    );
  });
});
