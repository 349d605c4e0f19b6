import { describe, expect, it } from 'vitest';
import { bytesToBase64, readAttachment, readAttachments } from './attachment-reading';

describe('bytesToBase64', () => {
  it('matches Node for empty, short and multi-slice input', () => {
    const large = new Uint8Array(100_000).map((_, index) => (index * 7) % 256);
    for (const bytes of [new Uint8Array(), new Uint8Array([0, 255, 1]), large]) {
      expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    }
  });
});

describe('readAttachment', () => {
  it('keeps the name and type and encodes the content', async () => {
    const file = new File(['Hello, PDF'], 'brochure.pdf', { type: 'application/pdf' });
    expect(await readAttachment(file)).toEqual({
      name: 'brochure.pdf',
      contentType: 'application/pdf',
      contentBytes: Buffer.from('Hello, PDF').toString('base64'),
    });
  });

  it('falls back to a generic type when the browser knows none', async () => {
    const attachment = await readAttachment(new File(['x'], 'notes.xyz'));
    expect(attachment.contentType).toBe('application/octet-stream');
  });
});

describe('readAttachments', () => {
  it('returns what could be read and names the files that could not', async () => {
    const unreadable = {
      name: 'locked.docx',
      type: '',
      arrayBuffer: () => Promise.reject(new DOMException('The file could not be read', 'NotReadableError')),
    };
    const result = await readAttachments([new File(['a'], 'a.txt', { type: 'text/plain' }), unreadable]);
    expect(result.attachments.map((attachment) => attachment.name)).toEqual(['a.txt']);
    expect(result.failedNames).toEqual(['locked.docx']);
  });
});
