/** docs/product.md §9: 3 MB per attachment. A template also holds at most 10 files and 10 MB in all. */
export const MAX_ATTACHMENT_BYTES = 3 * 1024 * 1024;
export const MAX_TEMPLATE_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS = 10;

export type AttachmentRejection = { title: string; description: string };

/** The size of a base64 payload once decoded. */
export function decodedBase64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/**
 * Why `file` may not join a template that already has `existing` attachments, or null when it may. The editor
 * checks files before reading them and the server checks what arrives, with the same words (docs/product.md §5).
 */
export function attachmentRejection(
  file: { name: string; size: number },
  existing: { count: number; totalBytes: number },
): AttachmentRejection | null {
  if (file.size > MAX_ATTACHMENT_BYTES) {
    return { title: 'File Too Large', description: `${file.name} is larger than 3MB. Please use a smaller file.` };
  }
  if (existing.count >= MAX_ATTACHMENTS) {
    return {
      title: 'Too Many Files',
      description: `A template can have at most ${MAX_ATTACHMENTS} attachments, so ${file.name} was not added.`,
    };
  }
  if (existing.totalBytes + file.size > MAX_TEMPLATE_ATTACHMENT_BYTES) {
    return {
      title: 'Attachments Too Large',
      description: `Attachments can add up to at most 10MB per template, so ${file.name} was not added.`,
    };
  }
  return null;
}
