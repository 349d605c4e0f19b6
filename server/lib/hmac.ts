import { createHmac, hash } from 'node:crypto';

const BLOCK_BYTES = 64;
const DIGEST_BYTES = 32;

/**
 * HMAC-SHA-256 (RFC 2104) under one key, of UTF-8 strings, in hex: the digests of `createHmac('sha256', key)` for
 * less than half its CPU time. `createHmac` looks SHA-256 up in OpenSSL's provider tables at every call, a few µs of
 * every API request, which hashes its session cookie (decision 0053); `crypto.hash` keeps what it looked up, so the
 * definition's two hashes are computed with it. The key's padded block is prefixed to the message as a string, so a
 * key that is not ASCII, or longer than a block (then replaced by its hash), goes through `createHmac`.
 */
export function hmacSha256Hex(key: string): (message: string) => string {
  const keyBytes = Buffer.from(key, 'utf8');
  if (keyBytes.length > BLOCK_BYTES || !keyBytes.every((byte) => byte < 0x80)) {
    return (message) => createHmac('sha256', key).update(message).digest('hex');
  }
  const innerPad = Buffer.alloc(BLOCK_BYTES, 0x36);
  // The outer hash's input: the outer pad, then the inner digest, written in place at each call.
  const outerInput = Buffer.alloc(BLOCK_BYTES + DIGEST_BYTES, 0x5c);
  for (const [i, byte] of keyBytes.entries()) {
    innerPad[i] ^= byte;
    outerInput[i] ^= byte;
  }
  // ASCII: its UTF-8 encoding is these bytes, and the message's UTF-8 encoding follows them unchanged.
  const innerPrefix = innerPad.toString('latin1');
  return (message) => {
    outerInput.write(hash('sha256', innerPrefix + message, 'binary'), BLOCK_BYTES, 'binary');
    return hash('sha256', outerInput, 'hex');
  };
}
