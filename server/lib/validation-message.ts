import { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** What fastify-type-provider-zod makes of each zod issue (its `createValidationError`). */
export type SchemaValidationEntry = { keyword: string; instancePath: string; message?: string; params?: object };

/**
 * The one sentence a request that fails its schema answers with (CONTRIBUTING: errors in plain words): the first
 * problem, in the schema's own words where it has some, else worded here with the field's name in words. `input` is
 * the part of the request that was checked (the body, the query…), to tell a missing field from a wrong one.
 */
export function validationErrorMessage(entries: readonly SchemaValidationEntry[], input: unknown): string {
  const first = entries[0];
  if (!first) return 'The request is not valid.';
  const issue = {
    ...first.params,
    code: first.keyword,
    message: first.message ?? '',
    path: first.instancePath.split('/').filter((segment) => segment !== ''),
  } as Issue;
  return validationIssueMessage(issue, input);
}

export function validationIssueMessage(issue: Issue, input: unknown): string {
  const value = valueAt(input, issue.path);
  if (!isZodsOwnMessage(issue, value)) return asSentence(issue.message);
  if (issue.path.length === 0 && (value === undefined || value === null)) return 'The request has no content.';
  const label = fieldLabel(issue.path);
  return `${label.charAt(0).toUpperCase()}${label.slice(1)} ${problem(issue, value)}.`;
}

/** Zod's own English ("Too big: expected string to have <=998 characters") is recognised by writing it again. */
function isZodsOwnMessage(issue: Issue, value: unknown): boolean {
  const own = z.config().localeError?.({ ...issue, input: value } as z.core.$ZodRawIssue);
  return (typeof own === 'string' ? own : own?.message) === issue.message;
}

function asSentence(message: string): string {
  const text = message.trim();
  if (text === '') return 'The request is not valid.';
  const capitalised = `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** "steps.1.delayDays" reads "the delay days of step 2"; "sendingWindow.days.0" reads "day 1 of the sending window". */
export function fieldLabel(path: readonly PropertyKey[]): string {
  // A numbered item is a name of its own ("attachment 1"); a field reads with "the".
  const parts: string[] = [];
  for (let index = 0; index < path.length; index++) {
    const segment = String(path[index]);
    if (isIndex(segment)) {
      parts.push(`item ${Number(segment) + 1}`);
      continue;
    }
    const next = index + 1 < path.length ? String(path[index + 1]) : null;
    if (next !== null && isIndex(next)) {
      parts.push(`${singular(words(segment))} ${Number(next) + 1}`);
      index += 1;
    } else {
      parts.push(`the ${words(segment)}`);
    }
  }
  return parts.length === 0 ? 'the request' : parts.reverse().join(' of ');
}

const isIndex = (segment: string) => /^\d+$/.test(segment);
const words = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
const singular = (noun: string) => noun.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');
const count = (value: number | bigint) => value.toLocaleString('en-US');

const TYPE_NOUNS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
  date: 'a date',
};

const FORMAT_NOUNS: Record<string, string> = {
  email: 'an email address such as name@example.com',
  url: 'a web address such as https://example.com',
  datetime: 'a date and time',
  date: 'a date',
  time: 'a time of day',
};

/** What is wrong with the field, worded to follow its name. */
function problem(issue: Issue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (value === undefined || value === null) return 'is required';
      const noun = TYPE_NOUNS[issue.expected];
      return noun ? `must be ${noun}` : 'is not of the right kind';
    }
    case 'too_big':
      return sizeLimit('at most', issue.maximum, issue);
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'is required';
      return sizeLimit('at least', issue.minimum, issue);
    case 'invalid_format': {
      const noun = FORMAT_NOUNS[issue.format];
      return noun ? `must be ${noun}` : 'is not in the right format';
    }
    case 'invalid_value':
      return 'is not one of the allowed choices';
    case 'not_multiple_of':
      return `must be a multiple of ${count(issue.divisor)}`;
    case 'unrecognized_keys':
      // The names are the sender's own, misspelt or from another version: naming them is what helps.
      return `has ${issue.keys.length === 1 ? 'a field' : 'fields'} it does not accept: ${issue.keys.join(', ')}`;
    default:
      return 'is not valid';
  }
}

function sizeLimit(
  bound: 'at most' | 'at least',
  limit: number | bigint,
  issue: { origin: string; exact?: boolean; inclusive?: boolean },
): string {
  const amount = issue.exact ? `exactly ${count(limit)}` : `${bound} ${count(limit)}`;
  const verb = bound === 'at most' ? 'can be' : 'must be';
  switch (issue.origin) {
    case 'string':
      return `${issue.exact ? 'must be' : verb} ${amount} characters`;
    case 'array':
    case 'set':
      return `must have ${amount} ${Number(limit) === 1 ? 'item' : 'items'}`;
    case 'file':
      return `${issue.exact ? 'must be' : verb} ${amount} bytes`;
    case 'number':
    case 'int':
    case 'bigint':
      if (issue.inclusive === false) return `must be ${bound === 'at most' ? 'less' : 'more'} than ${count(limit)}`;
      return `${issue.exact ? 'must be' : verb} ${amount}`;
    default:
      return bound === 'at most' ? 'is too large' : 'is too small';
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}
