import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/**
 * argon2id with OWASP's first recommended parameter set (m=19 MiB, t=2, p=1): about 20 ms on one core, so a burst of
 * logins cannot starve a small host, while each guess stays expensive offline.
 * https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#argon2id
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password or an unreadable hash; never throws for those. */
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real verification, so an unknown account answers as slowly as a wrong password. */
  verifyDummy(password: string): Promise<void>;
  needsRehash(hash: string): boolean;
}

export async function createPasswordHasher(): Promise<PasswordHasher> {
  const dummyHash = await argon2.hash(randomBytes(32).toString('base64url'), ARGON2_OPTIONS);
  const verify = async (hash: string, password: string) => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  };
  return {
    hash: (password) => argon2.hash(password, ARGON2_OPTIONS),
    verify,
    verifyDummy: async (password) => {
      await verify(dummyHash, password);
    },
    needsRehash: (hash) => {
      try {
        return argon2.needsRehash(hash, ARGON2_OPTIONS);
      } catch {
        return true;
      }
    },
  };
}
