import { type AttachmentRejection, attachmentRejection, decodedBase64Bytes } from '@contract/attachments';
import type { Attachment } from '@contract/templates';

type FileSize = { name: string; size: number };

/** The decoded size of an attachment already on the template. */
export function attachmentBytes(attachment: Attachment): number {
  return decodedBase64Bytes(attachment.contentBytes);
}

/**
 * Which chosen files may join the template's attachments, by the same rule the server applies on save
 * (`attachmentRejection`: 3 MB each, docs/product.md §9, and 10 files and 10 MB in all). Files are taken in order; the rest are
 * refused with the reason to show.
 */
export function planAttachmentAdditions<F extends FileSize>(
  existing: Attachment[],
  files: F[],
): { accepted: F[]; rejections: AttachmentRejection[] } {
  const accepted: F[] = [];
  const rejections: AttachmentRejection[] = [];
  const taken = { count: existing.length, totalBytes: existing.reduce((sum, file) => sum + attachmentBytes(file), 0) };
  for (const file of files) {
    const rejection = attachmentRejection(file, taken);
    if (rejection) {
      rejections.push(rejection);
      continue;
    }
    accepted.push(file);
    taken.count += 1;
    taken.totalBytes += file.size;
  }
  return { accepted, rejections };
}
