import type { Attachment } from '@contract/templates';
import { describe, expect, it } from 'vitest';
import { attachmentBytes, planAttachmentAdditions } from './attachment-limits';

const MB = 1024 * 1024;
// An attachment whose base64 content decodes to `bytes` bytes.
const stored = (name: string, bytes: number): Attachment => ({
  name,
  contentType: 'application/pdf',
  contentBytes: Buffer.alloc(bytes).toString('base64'),
});

describe('attachmentBytes', () => {
  it('is the decoded size of the base64 content', () => {
    expect(attachmentBytes(stored('a.pdf', 0))).toBe(0);
    expect(attachmentBytes(stored('a.pdf', 1))).toBe(1);
    expect(attachmentBytes(stored('a.pdf', 1000))).toBe(1000);
  });
});

describe('planAttachmentAdditions', () => {
  it('accepts files up to exactly 3 MB and refuses larger ones with the docs/product.md message', () => {
    const plan = planAttachmentAdditions(
      [],
      [
        { name: 'exact.pdf', size: 3 * MB },
        { name: 'report.pdf', size: 3 * MB + 1 },
      ],
    );
    expect(plan.accepted.map((file) => file.name)).toEqual(['exact.pdf']);
    expect(plan.rejections).toEqual([
      { title: 'File Too Large', description: 'report.pdf is larger than 3MB. Please use a smaller file.' },
    ]);
  });

  it('refuses files past the tenth attachment', () => {
    const existing = Array.from({ length: 9 }, (_, index) => stored(`f${index}.txt`, 10));
    const plan = planAttachmentAdditions(existing, [
      { name: 'tenth.txt', size: 10 },
      { name: 'eleventh.txt', size: 10 },
    ]);
    expect(plan.accepted.map((file) => file.name)).toEqual(['tenth.txt']);
    expect(plan.rejections).toEqual([
      {
        title: 'Too Many Files',
        description: 'A template can have at most 10 attachments, so eleventh.txt was not added.',
      },
    ]);
  });

  it('refuses a file that would take the total past 10 MB, counting what is already attached', () => {
    const plan = planAttachmentAdditions(
      [stored('big.pdf', 3 * MB), stored('big2.pdf', 3 * MB)],
      [
        { name: 'c.pdf', size: 3 * MB },
        { name: 'd.pdf', size: MB + 1 },
        { name: 'e.pdf', size: MB },
      ],
    );
    expect(plan.accepted.map((file) => file.name)).toEqual(['c.pdf', 'e.pdf']);
    expect(plan.rejections).toEqual([
      {
        title: 'Attachments Too Large',
        description: 'Attachments can add up to at most 10MB per template, so d.pdf was not added.',
      },
    ]);
  });
});
