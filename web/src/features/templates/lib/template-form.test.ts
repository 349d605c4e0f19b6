import type { TemplateDetail } from '@contract/templates';
import { describe, expect, it } from 'vitest';
import {
  emptyTemplateForm,
  hasRequiredTemplateFields,
  type TemplateFormValues,
  templateFormFromTemplate,
  toTemplateInput,
  WEEK_NUMBERS,
} from './template-form';

const filled: TemplateFormValues = {
  ...emptyTemplateForm,
  name: '  Spring Listing ',
  subject: ' Hello {firstName} ',
  body: '<p>Hi <strong>{firstName}</strong></p>',
};

describe('hasRequiredTemplateFields', () => {
  it('needs name, subject and body', () => {
    expect(hasRequiredTemplateFields(filled)).toBe(true);
    expect(hasRequiredTemplateFields(emptyTemplateForm)).toBe(false);
  });

  it('treats whitespace and an editor with only empty paragraphs as missing', () => {
    expect(hasRequiredTemplateFields({ ...filled, name: '   ' })).toBe(false);
    expect(hasRequiredTemplateFields({ ...filled, subject: '\t' })).toBe(false);
    expect(hasRequiredTemplateFields({ ...filled, body: '<p></p><p> </p>' })).toBe(false);
  });
});

describe('toTemplateInput', () => {
  it('trims name and subject and keeps the rest as entered', () => {
    const input = toTemplateInput({ ...filled, weekNumber: 12, status: 'active', includeStockTip: true });
    expect(input).toEqual({
      name: 'Spring Listing',
      subject: 'Hello {firstName}',
      body: '<p>Hi <strong>{firstName}</strong></p>',
      weekNumber: 12,
      status: 'active',
      includeStockTip: true,
      attachments: [],
    });
  });
});

describe('templateFormFromTemplate', () => {
  it('takes the editable fields of a stored template', () => {
    const template: TemplateDetail = {
      id: 7,
      name: 'Welcome',
      subject: 'Hi',
      body: '<p>Body</p>',
      weekNumber: null,
      status: 'archived',
      includeStockTip: false,
      attachments: [{ name: 'a.txt', contentType: 'text/plain', contentBytes: 'YQ==' }],
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-02T00:00:00.000Z',
    };
    const { id, createdAt, updatedAt, ...editable } = template;
    expect(templateFormFromTemplate(template)).toEqual(editable);
  });
});

describe('WEEK_NUMBERS', () => {
  it('runs from 1 to 52', () => {
    expect(WEEK_NUMBERS).toHaveLength(52);
    expect(WEEK_NUMBERS[0]).toBe(1);
    expect(WEEK_NUMBERS.at(-1)).toBe(52);
  });
});
