import { randomBytes } from 'node:crypto';

/**
 * An address no other test, run or environment uses: the label says what it is for, then the time (base 36) and
 * random bytes. The length is the same for one label, so two answers that repeat two addresses have the same length
 * too. example.com is reserved (RFC 2606) and still passes the sign-up's address rules, which refuse `.test`.
 */
export function uniqueEmail(label = 'person'): string {
  return `${label}-${Date.now().toString(36)}${randomBytes(4).toString('hex')}@example.com`;
}
