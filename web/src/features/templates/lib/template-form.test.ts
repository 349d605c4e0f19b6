import type { TemplateDetail } from '@contract/templates';
import { describe, expect, it } from 'vitest';
import {
  emptyTemplateForm,
  hasRequiredTemplateFields,
  hasUnsavedTemplateChanges,
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

describe('hasUnsavedTemplateChanges', () => {
  const brochure = { name: 'brochure.pdf', contentType: 'application/pdf', contentBytes: 'JVBERi0=' };
  const loaded: TemplateFormValues = { ...filled, weekNumber: 3, attachments: [brochure] };
  const asEdited = '<p>Hi <strong>{firstName}</strong></p>';

  it('sees nothing to lose in the editor as it opened, or changed and changed back', () => {
    expect(hasUnsavedTemplateChanges(loaded, loaded, asEdited)).toBe(false);
    expect(hasUnsavedTemplateChanges({ ...loaded, attachments: [{ ...brochure }] }, loaded, asEdited)).toBe(false);
    expect(hasUnsavedTemplateChanges(emptyTemplateForm, emptyTemplateForm, '<p></p>')).toBe(false);
  });

  it("counts the rich-text editor's spelling of the loaded body as unchanged", () => {
    const stored = { ...loaded, body: '<p>It&#39;s here</p>' };
    expect(hasUnsavedTemplateChanges({ ...stored, body: "<p>It's here</p>" }, stored, "<p>It's here</p>")).toBe(false);
    // A new template's editor starts with one empty paragraph.
    expect(hasUnsavedTemplateChanges({ ...emptyTemplateForm, body: '<p></p>' }, emptyTemplateForm, '<p></p>')).toBe(
      false,
    );
  });

  it('sees every field, the body and the attachments', () => {
    const changes: Partial<TemplateFormValues>[] = [
      { name: 'Other' },
      { subject: 'Other' },
      { body: '<p>Written by AI</p>' },
      { weekNumber: null },
      { status: 'active' },
      { includeStockTip: true },
      { attachments: [] },
      { attachments: [brochure, brochure] },
      { attachments: [{ ...brochure, contentBytes: 'AAAA' }] },
    ];
    for (const change of changes) {
      expect(hasUnsavedTemplateChanges({ ...loaded, ...change }, loaded, asEdited), JSON.stringify(change)).toBe(true);
    }
  });
});
