import { describe, expect, it } from 'vitest';
import { TestDnsResolver } from '../../test/test-websites';
import { isAllowedWebAddress, resolveAllowedWebHost } from './web-address-guard';

describe('web host guard', () => {
  it.each([
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '0.0.0.0',
    '::',
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '127.0.0.1',
    '::1',
  ])('refuses %s', (address) => {
    expect(isAllowedWebAddress(address, false)).toBe(false);
  });

  it('allows public addresses, and loopback only when told to', () => {
    expect(isAllowedWebAddress('93.184.216.34', false)).toBe(true);
    expect(isAllowedWebAddress('2606:2800:220:1::1', false)).toBe(true);
    expect(isAllowedWebAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedWebAddress('::1', true)).toBe(true);
    expect(isAllowedWebAddress('10.0.0.1', true)).toBe(false);
    expect(isAllowedWebAddress('169.254.169.254', true)).toBe(false);
  });

  it('refuses a host when any of its addresses is refused', async () => {
    const resolver = new TestDnsResolver({ 'mixed.test': ['93.184.216.34', '192.168.0.1'] });
    await expect(resolveAllowedWebHost('mixed.test', resolver, true)).rejects.toThrow(
      'mixed.test is not allowed (private, loopback or link-local address)',
    );
    await expect(resolveAllowedWebHost('[::1]', resolver, true)).resolves.toEqual({ address: '::1', family: 6 });
    await expect(resolveAllowedWebHost('nowhere.invalid', resolver, true)).rejects.toThrow(
      'nowhere.invalid could not be found',
    );
  });
});
