import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimatedHeapBytes, jsonShape } from './json-shape';

/** The shape counted by walking what JSON.parse built. */
function parsedShape(value: unknown): { containers: number; members: number; leaves: number } {
  if (Array.isArray(value)) {
    return value.map(parsedShape).reduce(add, { containers: 1, members: 0, leaves: 0 });
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.values(value);
    return entries.map(parsedShape).reduce(add, { containers: 1, members: entries.length, leaves: 0 });
  }
  return { containers: 0, members: 0, leaves: 1 };
}
const add = (a: ReturnType<typeof parsedShape>, b: ReturnType<typeof parsedShape>) => ({
  containers: a.containers + b.containers,
  members: a.members + b.members,
  leaves: a.leaves + b.leaves,
});

describe('jsonShape', () => {
  it('counts what JSON.parse will build, whatever the strings hold (quotes, backslashes, colons, brackets)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, spaced) => {
        const text = JSON.stringify(value, null, spaced ? 2 : undefined);
        const shape = jsonShape(text);
        const parsed = parsedShape(JSON.parse(text));
        expect(shape.containers).toBe(parsed.containers);
        expect(shape.members).toBe(parsed.members);
        expect(shape.values).toBeGreaterThanOrEqual(parsed.leaves);
      }),
      { numRuns: 2000 },
    );
  });

  it('skips strings of escaped quotes and backslashes without counting inside them', () => {
    expect(jsonShape(JSON.stringify({ 'a"{[:,': '\\"\\\\{[:,]}"' }))).toEqual({ containers: 1, members: 1, values: 1 });
    expect(jsonShape('["\\\\", "{"]')).toEqual({ containers: 1, members: 0, values: 2 });
  });

  it('reads 15 MB of backslashes and quotes in one pass', () => {
    const hostile = `["${'\\"'.repeat(4 * 1024 * 1024)}", ${'"\\\\",'.repeat(1024 * 1024)} 1]`;
    const shape = jsonShape(hostile);
    expect(shape.containers).toBe(1);
    expect(shape.values).toBe(1024 * 1024 + 2);
  });

  it('puts a body of empty objects at 20 times its length or more, and plain text near three times', () => {
    const objects = `[${'{},'.repeat(100_000)}{}]`;
    expect(estimatedHeapBytes(objects.length, jsonShape(objects))).toBeGreaterThan(20 * objects.length);
    const text = JSON.stringify({ body: 'x'.repeat(1_000_000) });
    expect(estimatedHeapBytes(text.length, jsonShape(text)) / text.length).toBeCloseTo(3, 1);
  });
});
