import { renderSubject } from '@contract/template-render';
import { describe, expect, it } from 'vitest';
import { previewLeadLabel, templateLeadFrom } from './preview-lead';

const ann = { firstName: 'Ann', lastName: 'Lee', email: 'ann@harbor.test', company: 'Harbor Homes' };

describe('templateLeadFrom', () => {
  it('takes the lead values, and empties missing ones so fallbacks apply', () => {
    expect(templateLeadFrom(ann)).toEqual(ann);
    const noName = templateLeadFrom({ firstName: null, lastName: null, email: 'x@y.test', company: null });
    expect(renderSubject('Hi {firstName|there} at {company|your firm}', noName, 'preview:0')).toBe(
      'Hi there at your firm',
    );
  });
});

describe('previewLeadLabel', () => {
  it('uses the name, else the email', () => {
    expect(previewLeadLabel(ann)).toBe('Ann Lee');
    expect(previewLeadLabel({ firstName: 'Ann', lastName: null, email: 'ann@harbor.test' })).toBe('Ann');
    expect(previewLeadLabel({ firstName: ' ', lastName: null, email: 'ann@harbor.test' })).toBe('ann@harbor.test');
  });
});
