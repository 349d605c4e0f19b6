import { SAMPLE_LEAD } from '@contract/template-render';
import { describe, expect, it } from 'vitest';
import { previewDocument } from './preview-document';

describe('previewDocument', () => {
  it('renders the variables for the lead, with fallbacks where a value is missing', () => {
    const html = previewDocument(
      '<p>Hi {firstName}, from {company|your area} to {lastName|friend}</p>',
      {
        ...SAMPLE_LEAD,
        company: '',
      },
      'preview:0',
    );
    expect(html).toContain('<body><p>Hi Maria, from your area to Lopez</p></body>');
  });

  it('escapes lead values so they show as text', () => {
    const html = previewDocument('<p>{company}</p>', { company: '<img src=x onerror=alert(1)>' }, 'preview:0');
    expect(html).toContain('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
  });

  it('forbids scripts and outside requests other than images, and opens no page inside the preview', () => {
    const html = previewDocument('<p>x</p>', SAMPLE_LEAD, 'preview:0');
    expect(html).toContain(`content="default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'"`);
    expect(html).toContain('<base target="_blank">');
  });
});
