import { describe, expect, it } from 'vitest';
import { replyText } from './reply-text';

describe('replyText', () => {
  it('keeps what the prospect wrote above the quoted history', () => {
    expect(
      replyText('Yes, Thursday works.\r\n\r\nOn Mon, 23 Nov 2026, Sales <s@x.test> wrote:\r\n> Shall we talk?'),
    ).toBe('Yes, Thursday works.');
  });

  it('reads twenty thousand blank lines as one (the parser went over them quadratically: 15 s)', () => {
    const text = `Call me.${'\n \t\n\u2028\r\n'.repeat(5_000)}-- \nDana`;
    const started = performance.now();
    expect(replyText(text)).toBe('Call me.');
    // Not a speed figure: the slow path took seconds, the fixed one milliseconds.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('reads lines of thousands of characters whole, without the parser backtracking over them (5 s per line)', () => {
    const paragraph = 'x on at 1234 from <y '.repeat(400);
    const started = performance.now();
    expect(replyText(`${paragraph}\n${paragraph}\n\nOn Mon, 23 Nov 2026, Sales <s@x.test> wrote:\n> Hi`)).toBe(
      `${paragraph}\n${paragraph}`.trim(),
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
