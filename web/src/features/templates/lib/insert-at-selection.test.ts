import { describe, expect, it } from 'vitest';
import { insertAtSelection } from './insert-at-selection';

describe('insertAtSelection', () => {
  it('inserts at the caret', () => {
    expect(insertAtSelection('Hello !', 6, 6, '{firstName}')).toEqual({ value: 'Hello {firstName}!', caret: 17 });
  });

  it('replaces the selected text', () => {
    expect(insertAtSelection('Hello Maria!', 6, 11, '{firstName}')).toEqual({
      value: 'Hello {firstName}!',
      caret: 17,
    });
  });

  it('appends when there is no selection, and clamps a stale one', () => {
    expect(insertAtSelection('Hi ', null, null, '{company}')).toEqual({ value: 'Hi {company}', caret: 12 });
    expect(insertAtSelection('Hi', 10, 12, '{email}')).toEqual({ value: 'Hi{email}', caret: 9 });
  });
});
