import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Seals TOTP secrets for Postgres with AES-256-GCM under MFA_ENCRYPTION_KEY, so a copy of the database (a backup, a
 * dump handed to someone) does not hold working authenticator secrets. Without a key the secret is stored as it is,
 * marked `plain:`, and the service says so at start; setting a key later opens both kinds.
 */
export function createSecretBox(keyHex: string | undefined) {
  const key = keyHex === undefined ? undefined : Buffer.from(keyHex, 'hex');
  return {
    encrypts: key !== undefined,
    seal(secret: string): string {
      if (!key) return `plain:${secret}`;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        sealed.toString('base64url'),
      ].join(':');
    },
    open(stored: string): string {
      if (stored.startsWith('plain:')) return stored.slice('plain:'.length);
      const [version, iv, tag, sealed] = stored.split(':');
      if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('unreadable sealed secret');
      if (!key) throw new Error('a TOTP secret is sealed but MFA_ENCRYPTION_KEY is not set');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
