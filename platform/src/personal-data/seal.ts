import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM with a random 96-bit nonce per seal. The associated data binds a sealed value to
 * its event type and person, so a sealed value moved to another event or person does not open.
 * Format: `v1.<nonce>.<ciphertext>.<tag>` (base64url).
 */
const ALGORITHM = 'aes-256-gcm';
const FORMAT = 'v1';

export function seal(key: Buffer, value: unknown, associatedData: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, key, nonce);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [FORMAT, nonce.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** Throws when the value was not sealed with this key and associated data, or was altered. */
export function unseal(key: Buffer, sealed: string, associatedData: string): unknown {
  const [format, nonce, ciphertext, tag] = sealed.split('.');
  if (format !== FORMAT || nonce === undefined || ciphertext === undefined || tag === undefined) throw new Error('Not a sealed value');
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plaintext = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
  return JSON.parse(plaintext.toString('utf8')) as unknown;
}
