import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { templateInputSchema } from '../../contract/templates';
import { fieldLabel, validationIssueMessage } from './validation-message';

/** The sentence for the first problem zod finds in `input`. */
function messageFor(schema: z.ZodType, input: unknown): string {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected the input to be refused');
  return validationIssueMessage(parsed.error.issues[0], input);
}

const sequence = z.object({
  steps: z.array(z.object({ delayDays: z.number().int().min(0).max(30) })).max(5),
  email: z.email(),
  website: z.url().optional(),
  postalCode: z.string().regex(/^\d{5}$/),
  tone: z.enum(['friendly', 'formal']).optional(),
  firstName: z.string().trim().min(1),
  code: z.string().length(6).optional(),
});
const valid = { steps: [{ delayDays: 1 }], email: 'ann@example.com', postalCode: '12345', firstName: 'Ann' };

describe('the sentence a refused request answers with', () => {
  it('uses a message the schema words itself, as a sentence, with no field path before it', () => {
    const template = { name: 'Intro', subject: 'x'.repeat(999), body: '<p>Hi</p>' };
    expect(messageFor(templateInputSchema, template)).toBe('The subject can be at most 998 characters.');
    expect(messageFor(z.object({ zone: z.string().refine(() => false, 'unknown time zone') }), { zone: 'Mars' })).toBe(
      'Unknown time zone.',
    );
  });

  it('words a too-long value with the field named in words', () => {
    expect(messageFor(sequence, { ...valid, firstName: 'x', code: '1234567' })).toBe(
      'The code must be exactly 6 characters.',
    );
    const tooMany = { ...valid, steps: Array.from({ length: 6 }, () => ({ delayDays: 1 })) };
    expect(messageFor(sequence, tooMany)).toBe('The steps must have at most 5 items.');
    expect(messageFor(z.object({ note: z.string().max(2000) }), { note: 'x'.repeat(2001) })).toBe(
      'The note can be at most 2,000 characters.',
    );
  });

  it('names a nested field by its place: steps.1.delayDays', () => {
    const steps = [{ delayDays: 1 }, { delayDays: 31 }];
    expect(messageFor(sequence, { ...valid, steps })).toBe('The delay days of step 2 can be at most 30.');
    expect(messageFor(sequence, { ...valid, steps: [{ delayDays: 1.5 }] })).toBe(
      'The delay days of step 1 must be a whole number.',
    );
    expect(messageFor(sequence, { ...valid, steps: [{ delayDays: -1 }] })).toBe(
      'The delay days of step 1 must be at least 0.',
    );
  });

  it('tells a missing field from one of the wrong kind', () => {
    const { email: _, ...withoutEmail } = valid;
    expect(messageFor(sequence, withoutEmail)).toBe('The email is required.');
    expect(messageFor(sequence, { ...valid, email: null })).toBe('The email is required.');
    expect(messageFor(sequence, { ...valid, email: 42 })).toBe('The email must be text.');
    expect(messageFor(sequence, { ...valid, steps: 'many' })).toBe('The steps must be a list.');
    expect(messageFor(sequence, { ...valid, firstName: '   ' })).toBe('The first name is required.');
    expect(messageFor(sequence, undefined)).toBe('The request has no content.');
    expect(messageFor(sequence, [])).toBe('The request must be a group of fields.');
  });

  it('words a value in the wrong format or outside the choices', () => {
    expect(messageFor(sequence, { ...valid, email: 'not-an-email' })).toBe(
      'The email must be an email address such as name@example.com.',
    );
    expect(messageFor(sequence, { ...valid, website: 'nowhere' })).toBe(
      'The website must be a web address such as https://example.com.',
    );
    expect(messageFor(sequence, { ...valid, postalCode: 'ABCDE' })).toBe('The postal code is not in the right format.');
    expect(messageFor(sequence, { ...valid, tone: 'shouty' })).toBe('The tone is not one of the allowed choices.');
  });

  it('names the fields a request sent that the schema does not know', () => {
    const strict = z.strictObject({ name: z.string(), steps: z.array(z.strictObject({ delayDays: z.number() })) });
    expect(messageFor(strict, { name: 'x', steps: [], phone: '555', fax: '' })).toBe(
      'The request has fields it does not accept: phone, fax.',
    );
    expect(messageFor(strict, { name: 'x', steps: [{ delayDays: 1, condition: 'opened' }] })).toBe(
      'Step 1 has a field it does not accept: condition.',
    );
  });
});

describe('a field named in words', () => {
  it('reads camelCase as words, and list items by their number from 1', () => {
    expect(fieldLabel(['customAdjustments'])).toBe('the custom adjustments');
    expect(fieldLabel(['steps', 1, 'delayDays'])).toBe('the delay days of step 2');
    expect(fieldLabel(['attachments', '0'])).toBe('attachment 1');
    expect(fieldLabel(['categories', 2, 'name'])).toBe('the name of category 3');
    expect(fieldLabel(['sendingWindow', 'days', 0])).toBe('day 1 of the sending window');
    expect(fieldLabel(['sendingWindow', 'end'])).toBe('the end of the sending window');
    expect(fieldLabel([])).toBe('the request');
  });
});
