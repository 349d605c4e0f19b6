import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries for what an attacker or a broken client sends: strings PostgreSQL refuses (NUL, lone
 * surrogates), text that turns around (RTL override) or breaks headers (CR/LF), markup, huge strings, deep nesting,
 * prototype-pollution keys, numbers no id can be.
 */

const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '\u202eevil.exe',
  '\ufeff\u200b\u200d',
  '𝕳𝖊𝖑𝖑𝖔 👩‍👩‍👧‍👦',
  'Z̴̡̢͎̼͙a̸l̷g̶o̵',
  '\r\nBcc: victim@evil.test',
  'name\r\nX-Injected: yes',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '"><svg onload=alert(1)>',
  "' OR 1=1 --",
  '%00',
  '%ED%A0%80',
  '../../etc/passwd',
  '{{spin: a | b | c}}',
  '{{spin: {{spin: a | b}} | c',
  '{firstName|',
  '}}}{{{',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e308',
  'null',
  '9'.repeat(40),
  'a@b',
  'x@example.com\r\nBcc: victim@evil.test',
];

/** Keys that pollute prototypes when a parser or merge is careless. */
const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype'];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', '\u0000', '𝕏', '{{spin: a | b}}', '<b>', '\ud800'), fc.constantFrom(10_000, 100_000))
      .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length))),
  },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -1, -0, 1.5, -2.5, 2 ** 31, 2 ** 53, 2 ** 63, 1e308, -1e308, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** An id as it appears in a URL: real-looking, negative, fractional, huge, or not a number at all. */
export const hostileIdText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', '9007199254740993', '99999999999999999999', ' 1', '1 ', '+1'),
  hostileNumber.map(String),
  hostileString,
);

/** Objects whose keys may be `__proto__` & co. as own properties (Object.fromEntries defines, never sets). */
function objectOf(value: fc.Arbitrary<unknown>, keys: fc.Arbitrary<string>) {
  return fc.array(fc.tuple(keys, value), { maxLength: 5 }).map((entries) => Object.fromEntries(entries));
}

const anyKey = fc.oneof(fc.constantFrom(...POLLUTING_KEYS), fc.string({ maxLength: 8 }), hostileString);

/** Any JSON at all, hostile at every leaf. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    objectOf(tie('value'), anyKey),
  ),
})).value;

/** JSON nested deeper than any schema expects, `[[[…]]]` or `{"a":{"a":…}}`, as text (too deep to stringify). */
export const deeplyNestedJson: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(1_000, 100_000), fc.boolean())
  .map(([depth, asArray]) =>
    asArray ? `${'['.repeat(depth)}0${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`,
  );

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  maxLength?: number;
  required?: string[];
};

/**
 * Values shaped like `schema` (so they pass validation and reach the service) with hostile leaves, and now and
 * then the wrong shape altogether.
 */
export function shapedLike(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  if (!schema) return hostileJson;
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return hostileJson;
  }
  return fc.oneof({ weight: 6, arbitrary: fromJsonSchema(json, 0) }, hostileJson);
}

function fromJsonSchema(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const wrong = depth > 4 ? fc.constant(null) : hostileJson;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((part) => fromJsonSchema(part, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) return fromJsonSchema(schema.allOf[0], depth + 1);
  if (schema.const !== undefined) return fc.oneof({ weight: 4, arbitrary: fc.constant(schema.const) }, wrong);
  if (schema.enum) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, wrong);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  let right: fc.Arbitrary<unknown>;
  switch (type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      right = fc
        .tuple(
          ...properties.map(([key, part]) =>
            fc.option(
              fromJsonSchema(part, depth + 1).map((value) => [key, value] as const),
              { freq: 15 },
            ),
          ),
          // Rarely: Fastify refuses `__proto__` bodies outright, so such a case never reaches the service.
          fc.oneof(
            { weight: 6, arbitrary: fc.constant(null) },
            fc.tuple(fc.constantFrom(...POLLUTING_KEYS), hostileJson),
          ),
        )
        .map((entries) => Object.fromEntries(entries.filter((entry) => entry !== null)));
      break;
    }
    case 'array':
      right = fc.oneof(
        fc.array(schema.items ? fromJsonSchema(schema.items, depth + 1) : hostileJson, { maxLength: 4 }),
        fc.constantFrom(10_000).map((length) => Array.from({ length }, (_, i) => i + 1)),
      );
      break;
    case 'string':
      right =
        schema.format === 'email'
          ? fc.oneof(
              fc.constantFrom('lead@example.test', 'Ünïcödé@exämple.test', 'a+b@example.test'),
              hostileString.map((text) => `${text}@example.test`),
            )
          : fc.oneof(
              hostileString,
              // Hostile text inside plausible text, short enough to pass length limits and reach the service.
              fc
                .tuple(fc.constantFrom('Dana', 'Reyes Realty', 'Hello {firstName|there}'), hostileString)
                .map(([plain, hostile]) => `${plain} ${hostile.slice(0, 60)}`.slice(0, schema.maxLength ?? 200)),
            );
      break;
    case 'integer':
    case 'number':
      right = fc.oneof(hostileNumber, fc.integer({ min: 1, max: 50 }));
      break;
    case 'boolean':
      right = fc.boolean();
      break;
    case 'null':
      right = fc.constant(null);
      break;
    default:
      right = hostileJson;
  }
  return fc.oneof({ weight: 15, arbitrary: right }, wrong);
}

/**
 * One ordinary value that `schema` accepts (every field filled with something plain), or undefined when the plain
 * guess is refused: for requests that must get past validation to reach the check they are about.
 */
export function plausibleFor(schema: z.ZodType): unknown {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const value = plainValue(json);
  return schema.safeParse(value).success ? value : undefined;
}

function plainValue(schema: JsonSchema, key = ''): unknown {
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants && variants.length > 0) return plainValue(variants[0], key);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'object':
      // The required fields only: fewer guesses to get wrong.
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([name]) => schema.required?.includes(name))
          .map(([name, part]) => [name, plainValue(part, name)]),
      );
    case 'array':
      return schema.items ? [plainValue(schema.items, key)] : [];
    case 'string':
      if (schema.format === 'email' || /email|^to$/i.test(key)) return 'plain@example.test';
      if (schema.format === 'date-time') return '2026-11-24T12:00:00Z';
      if (schema.format === 'base64') return '';
      return 'Plain text';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}
