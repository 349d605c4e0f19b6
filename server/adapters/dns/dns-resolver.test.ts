import { describe, expect, it } from 'vitest';
import { TestDnsResolver } from '../../test/test-websites';
import { DnsMxChecker, NodeDnsResolver } from './dns-resolver';

describe('MX check', () => {
  it('tells MX, no MX, a null MX and unknown apart', async () => {
    const mx = new DnsMxChecker(
      new TestDnsResolver(
        {},
        { 'mail.test': ['mx1.mail.test'], 'none.test': [], 'null-mx.test': ['.'], 'down.test': null },
      ),
    );
    await expect(mx.hasMx('mail.test')).resolves.toBe(true);
    await expect(mx.hasMx('none.test')).resolves.toBe(false);
    await expect(mx.hasMx('null-mx.test')).resolves.toBe(false);
    await expect(mx.hasMx('down.test')).resolves.toBeNull();
  });

  it('answers null when the DNS servers cannot be reached', async () => {
    const unreachable = new NodeDnsResolver(['127.0.0.1:9']);
    await expect(unreachable.mx('harbor-dental.com')).resolves.toBeNull();
  });
});
