import { randomBytes, scrypt } from 'node:crypto';

/** Ten codes: enough to get back in several times while a lost phone is replaced. */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 12 base32 characters = 60 random bits, shown in groups of four ("ABCD-EFGH-JKLM"). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(12)].map((byte) => ALPHABET[byte % 32]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/**
 * What is stored: scrypt of the code (without dashes, upper case) salted with the account's id. NIST SP 800-63B
 * 5.1.2.2: look-up secrets under 112 bits of entropy are kept salted and hashed with a key derivation function, so a
 * copy of the table cannot be searched for codes. The salt is per account rather than per code, so checking a typed
 * code costs one derivation and one indexed look-up, not one per stored code.
 */
export function recoveryCodeHash(staffId: string, code: string): Promise<string> {
  const normalised = code.replace(/[\s-]+/g, '').toUpperCase();
  return new Promise((resolve, reject) =>
    scrypt(normalised, `mmdm-staff-recovery:${staffId}`, 32, { N: 16_384, r: 8, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(key.toString('base64url')),
    ),
  );
}
