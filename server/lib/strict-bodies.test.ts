import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { strictRequestSchema } from './strict-bodies';

const step = z
  .object({ delayDays: z.number(), templateId: z.number().optional() })
  .refine((value) => value.delayDays < 90, {
    error: 'At most 90 days',
  });
const body = z.object({
  name: z.string().trim(),
  steps: z.array(step).optional(),
  settings: z.object({ tracking: z.boolean() }).nullable().default(null),
  fields: z.record(z.string(), z.string()).optional(),
  raw: z.looseObject({ kind: z.string() }).optional(),
});
const strict = strictRequestSchema(body);
const issues = (value: unknown) =>
  strict
    .safeParse(value)
    .error?.issues.map(({ code, path, ...rest }) => ({ code, path, keys: (rest as { keys?: string[] }).keys }));

describe('a request body schema made strict', () => {
  it('refuses a key it does not declare, at any depth, naming it', () => {
    expect(issues({ name: 'x', phone: '555' })).toEqual([{ code: 'unrecognized_keys', path: [], keys: ['phone'] }]);
    expect(issues({ name: 'x', steps: [{ delayDays: 1, condition: 'opened' }] })).toEqual([
      { code: 'unrecognized_keys', path: ['steps', 0], keys: ['condition'] },
    ]);
    expect(issues({ name: 'x', settings: { tracking: true, colour: 'red' } })).toEqual([
      { code: 'unrecognized_keys', path: ['settings'], keys: ['colour'] },
    ]);
  });

  it('keeps what the schema did: transforms, defaults, refinements, records and loose objects', () => {
    expect(strict.parse({ name: ' x ', fields: { anything: 'goes' }, raw: { kind: 'a', more: 1 } })).toEqual({
      name: 'x',
      settings: null,
      fields: { anything: 'goes' },
      raw: { kind: 'a', more: 1 },
    });
    expect(issues({ name: 'x', steps: [{ delayDays: 100 }] })).toEqual([
      { code: 'custom', path: ['steps', 0], keys: undefined },
    ]);
  });

  it('leaves the original schema as it was, and makes each strict copy once', () => {
    expect(body.parse({ name: 'x', phone: '555' })).toEqual({ name: 'x', settings: null });
    expect(strictRequestSchema(body)).toBe(strict);
  });
});
