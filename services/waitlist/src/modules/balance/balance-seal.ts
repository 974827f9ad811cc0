import { createCipheriv, createDecipheriv, createSecretKey, randomBytes } from 'node:crypto';
import { BALANCE_IDENTITIES, BALANCE_SEEKING, type BalanceIdentity, type BalanceSeeking } from '@mmdm/contracts/launch';

/** What a person said: who they are, whom they hope to meet. */
export interface BalanceChoice {
  identity: BalanceIdentity;
  seeking: BalanceSeeking;
}

/** A sealed value that this key cannot open (another key, or tampered with): nothing is read from it. */
export class BalanceUnreadable extends Error {
  constructor() {
    super('balance data cannot be opened with this key');
    this.name = 'BalanceUnreadable';
  }
}

/** BALANCE_DATA_KEY (or the generated one): 32 bytes, base64 or base64url. */
export function balanceKeyBytes(text: string): Buffer {
  const key = Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('BALANCE_DATA_KEY must be 32 bytes, base64 (openssl rand -base64 32)');
  return key;
}

/**
 * Seals and opens a person's balance data with AES-256-GCM (decision 035). Each value gets a fresh 96-bit IV; the
 * entry's id is bound in as associated data, so a sealed value copied onto another entry's row does not open.
 * Stored as `v1:<iv>:<tag>:<ciphertext>` (base64url). Opening fails closed: a wrong key or a changed byte throws
 * BalanceUnreadable, never a guess.
 */
export function createBalanceSeal(keyText: string) {
  // Imported once: a draft opens thousands of values.
  const key = createSecretKey(balanceKeyBytes(keyText));
  const aad = (entryId: string) => Buffer.from(`waitlist.entry_balance:${entryId}`, 'utf8');
  return {
    seal(entryId: string, choice: BalanceChoice): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(entryId));
      const plain = `${choice.identity}:${choice.seeking}`;
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
      return ['v1', ...parts].join(':');
    },
    open(entryId: string, stored: string): BalanceChoice {
      const [version, iv, tag, sealed, extra] = stored.split(':');
      if (version !== 'v1' || !iv || !tag || !sealed || extra !== undefined) throw new BalanceUnreadable();
      let plain: string;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(aad(entryId));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        plain = Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new BalanceUnreadable();
      }
      const [identity, seeking] = plain.split(':');
      const knownIdentity = BALANCE_IDENTITIES.find((value) => value === identity);
      const knownSeeking = BALANCE_SEEKING.find((value) => value === seeking);
      if (!knownIdentity || !knownSeeking) throw new BalanceUnreadable();
      return { identity: knownIdentity, seeking: knownSeeking };
    },
  };
}

export type BalanceSeal = ReturnType<typeof createBalanceSeal>;
