import { generateKeyPairSync } from 'node:crypto';

/** A DKIM key record (TXT at selector._domainkey) for a fresh RSA key of `bits`. */
export function dkimRecord(bits = 2048): string {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  return `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
}
