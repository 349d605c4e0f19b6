import type { ZodType } from 'zod';

/**
 * A form rule from a contract schema: true when the value passes, else the schema's own message, so the form and
 * the server word a problem the same way.
 */
export function checkWithSchema(schema: ZodType): (value: string) => true | string {
  return (value) => {
    const result = schema.safeParse(value);
    return result.success || (result.error.issues[0]?.message ?? 'Invalid value');
  };
}
