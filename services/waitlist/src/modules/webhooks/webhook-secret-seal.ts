import { createCipheriv, createDecipheriv, createSecretKey, randomBytes } from 'node:crypto';

/** A stored secret this key cannot open (another key, or tampered with): nothing is signed with it. */
export class WebhookSecretUnreadable extends Error {
  constructor() {
    super('a webhook secret cannot be opened with this key (WEBHOOK_SECRET_KEY changed?)');
    this.name = 'WebhookSecretUnreadable';
  }
}

/** Bound in as associated data: a value sealed for another column or table does not open here. */
const AAD = Buffer.from('waitlist.webhook_endpoints.secret', 'utf8');

/** Whether a stored value is sealed (`v1:`), rather than a secret stored before sealing (`whsec_…`). */
export const isSealed = (stored: string): boolean => stored.startsWith('v1:');

/**
 * Seals and opens webhook signing secrets with AES-256-GCM (decision 037), as the balance data are sealed (decision
 * 035): a fresh 96-bit IV per value, stored as `v1:<iv>:<tag>:<ciphertext>` (base64url). The service signs with the
 * secret, so it must be able to open it: a hash would not do. A value stored before sealing (`whsec_…`) opens as
 * itself until the process start seals it (sealStoredSecrets). Opening fails closed: a wrong key or a changed byte
 * throws, never a guess.
 */
export function createWebhookSecretSeal(keyText: string) {
  const bytes = Buffer.from(keyText, 'base64');
  if (bytes.length !== 32) throw new Error('WEBHOOK_SECRET_KEY must be 32 bytes, base64 (openssl rand -base64 32)');
  const key = createSecretKey(bytes);
  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(AAD);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', ...[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'))].join(':');
    },
    open(stored: string): string {
      if (!isSealed(stored)) return stored;
      const [, iv, tag, sealed, extra] = stored.split(':');
      if (!iv || !tag || !sealed || extra !== undefined) throw new WebhookSecretUnreadable();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(AAD);
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new WebhookSecretUnreadable();
      }
    },
  };
}

export type WebhookSecretSeal = ReturnType<typeof createWebhookSecretSeal>;
