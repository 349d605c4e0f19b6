import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkWithSchema } from './check-with-schema';

describe('checkWithSchema', () => {
  const checkHost = checkWithSchema(z.string().trim().min(1, { error: 'Host is required' }));

  it('passes a valid value', () => {
    expect(checkHost('smtp.example.com')).toBe(true);
  });

  it("answers with the schema's message", () => {
    expect(checkHost('   ')).toBe('Host is required');
  });
});
