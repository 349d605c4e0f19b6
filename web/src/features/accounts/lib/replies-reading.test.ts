import { describe, expect, it } from 'vitest';
import { repliesLine } from './replies-reading';

const now = new Date(2025, 2, 7, 15, 5);
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const line = (lastReadAt: string | null, lastError: string | null = null) =>
  repliesLine({ lastReadAt, lastError }, now);

describe('the replies line of an account card', () => {
  it('says replies were not checked yet before the first reading', () => {
    expect(line(null)).toEqual({ text: 'Replies not checked yet', failed: false });
  });

  it('says when replies were checked, relative within a day', () => {
    expect(line(ago(20_000)).text).toBe('Replies checked just now');
    expect(line(ago(-5_000)).text).toBe('Replies checked just now');
    expect(line(ago(60_000)).text).toBe('Replies checked 1 minute ago');
    expect(line(ago(59 * 60_000)).text).toBe('Replies checked 59 minutes ago');
    expect(line(ago(60 * 60_000)).text).toBe('Replies checked 1 hour ago');
    expect(line(ago(23 * 60 * 60_000 + 59 * 60_000))).toEqual({ text: 'Replies checked 23 hours ago', failed: false });
  });

  it('gives the date of a reading a day old or more', () => {
    expect(line(new Date(2025, 2, 6, 15, 5).toISOString()).text).toBe('Replies checked on Mar 06, 2025');
    expect(line(new Date(2024, 11, 31, 9, 0).toISOString()).text).toBe('Replies checked on Dec 31, 2024');
  });

  it('says replies cannot be read, with the reason, when the last reading failed', () => {
    const refused = 'IMAP login failed: AUTHENTICATIONFAILED Authentication failed.';
    expect(line(ago(5 * 60_000), refused)).toEqual({ text: `Replies cannot be read: ${refused}`, failed: true });
    expect(line(null, 'IMAP server unreachable')).toEqual({
      text: 'Replies cannot be read: IMAP server unreachable',
      failed: true,
    });
  });
});
