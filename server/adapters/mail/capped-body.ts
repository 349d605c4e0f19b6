/**
 * An HTTP answer's body, read up to `limit` bytes: what comes after is not read (the stream is cancelled), so a
 * 40 MB message never sits whole in memory (decision 0055). `truncated` when the body was longer.
 */
export async function readCappedBody(
  response: Response,
  limit: number,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { bytes: Buffer.alloc(0), truncated: false };
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks, length), truncated: false };
    chunks.push(value);
    length += value.byteLength;
    if (length > limit) {
      await reader.cancel().catch(() => {});
      return { bytes: Buffer.concat(chunks, length).subarray(0, limit), truncated: true };
    }
  }
}
