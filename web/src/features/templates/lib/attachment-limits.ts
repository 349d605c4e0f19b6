import {
  type Attachment,
  decodedBase64Bytes,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  MAX_TEMPLATE_ATTACHMENT_BYTES,
} from '@contract/templates';

export type AttachmentRejection = { title: string; description: string };

type FileSize = { name: string; size: number };

/** The decoded size of an attachment already on the template. */
export function attachmentBytes(attachment: Attachment): number {
  return decodedBase64Bytes(attachment.contentBytes);
}

/**
 * Which chosen files may join the template's attachments: each at most 3 MB (SPEC §9), and, like the server, at
 * most 10 files and 10 MB in all. Files are taken in order; the rest are refused with the reason to show.
 */
export function planAttachmentAdditions<F extends FileSize>(
  existing: Attachment[],
  files: F[],
): { accepted: F[]; rejections: AttachmentRejection[] } {
  const accepted: F[] = [];
  const rejections: AttachmentRejection[] = [];
  let count = existing.length;
  let totalBytes = existing.reduce((sum, attachment) => sum + attachmentBytes(attachment), 0);

  for (const file of files) {
    if (file.size > MAX_ATTACHMENT_BYTES) {
      rejections.push({
        title: 'File Too Large',
        description: `${file.name} is larger than 3MB. Please use a smaller file.`,
      });
    } else if (count >= MAX_ATTACHMENTS) {
      rejections.push({
        title: 'Too Many Files',
        description: `A template can have at most ${MAX_ATTACHMENTS} attachments, so ${file.name} was not added.`,
      });
    } else if (totalBytes + file.size > MAX_TEMPLATE_ATTACHMENT_BYTES) {
      rejections.push({
        title: 'Attachments Too Large',
        description: `Attachments can add up to at most 10MB per template, so ${file.name} was not added.`,
      });
    } else {
      accepted.push(file);
      count += 1;
      totalBytes += file.size;
    }
  }
  return { accepted, rejections };
}
