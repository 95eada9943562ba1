/**
 * A thread's entry, sealed: the cache is readable by every workflow run of the repository, a fork's
 * pull request's among them (a pull request's runs read the default branch's entries), and writable
 * by any job on the default branch. So what is saved is encrypted and authenticated with a key from
 * the `thread-key` secret (AES-256-GCM; the key derived with HKDF, bound to the repository), and the
 * thread's key prefix is its additional data: an entry of one thread does not open as another's, and
 * one that was not written with the secret, or was changed, does not open at all. Fork runs get no
 * secrets.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyOf(secret: string, repository: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, repository, 'hermes-action thread v1', 32));
}

/** The record and the store, sealed: iv, tag, then the ciphertext of (record length, record, store). */
export function seal(
  secret: string,
  repository: string,
  prefix: string,
  record: string,
  store: Buffer
): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, repository), iv);
  cipher.setAAD(Buffer.from(prefix));
  const head = Buffer.alloc(4);
  const text = Buffer.from(record);
  head.writeUInt32BE(text.length);
  const body = Buffer.concat([cipher.update(Buffer.concat([head, text, store])), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** The record and the store, or undefined where the entry does not open with this secret and thread. */
export function unseal(
  secret: string,
  repository: string,
  prefix: string,
  sealed: Buffer
): { record: string; store: Buffer } | undefined {
  if (sealed.length < IV_BYTES + TAG_BYTES + 4) return undefined;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyOf(secret, repository),
      sealed.subarray(0, IV_BYTES)
    );
    decipher.setAAD(Buffer.from(prefix));
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final()
    ]);
    const length = plain.readUInt32BE(0);
    if (4 + length > plain.length) return undefined;
    return {
      record: plain.subarray(4, 4 + length).toString('utf8'),
      store: plain.subarray(4 + length)
    };
  } catch {
    return undefined;
  }
}
