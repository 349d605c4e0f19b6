import type { Attachment } from '@contract/templates';

// btoa takes a "binary string"; building it in slices keeps String.fromCharCode under the argument limit.
const SLICE_BYTES = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += SLICE_BYTES) {
    binary += String.fromCharCode(...bytes.subarray(start, start + SLICE_BYTES));
  }
  return btoa(binary);
}

type ReadableFile = Pick<File, 'name' | 'type' | 'arrayBuffer'>;

/** A chosen file as the template stores it; rejects when the browser cannot read the file. */
export async function readAttachment(file: ReadableFile): Promise<Attachment> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { name: file.name, contentType: file.type || 'application/octet-stream', contentBytes: bytesToBase64(bytes) };
}

/** Reads each file; those that fail are named so the screen can say "Failed to upload {file}" (docs/product.md §5). */
export async function readAttachments(
  files: ReadableFile[],
): Promise<{ attachments: Attachment[]; failedNames: string[] }> {
  const results = await Promise.allSettled(files.map(readAttachment));
  const attachments: Attachment[] = [];
  const failedNames: string[] = [];
  results.forEach((result, index) => {
    if (result.status === 'fulfilled') attachments.push(result.value);
    else failedNames.push(files[index].name);
  });
  return { attachments, failedNames };
}
