import { createHmac } from 'node:crypto';
import { networkKeyOf } from '@mmdm/shared/client-address';

/**
 * The network a client address belongs to, as abuse rules count it: its /24 for IPv4, its /48 for IPv6, an
 * IPv4-mapped IPv6 address as IPv4 (one rule for every service: @mmdm/shared/client-address).
 */
export const networkOf = networkKeyOf;

/**
 * Keyed hashes of what a sign-up came from, stored instead of the address (decision 011): equal inputs compare equal,
 * and without the key nobody can tell which network a hash stands for.
 */
export function createOriginHasher(key: string) {
  const hash = (label: string, value: string) =>
    createHmac('sha256', key).update(label).update('\0').update(value).digest();
  return {
    network: (address: string): Buffer => hash('network', networkOf(address)),
    /** One device as far as a server can tell without a cookie or a fingerprint: its network and its User-Agent. */
    device: (address: string, userAgent: string): Buffer => hash('device', `${networkOf(address)}\0${userAgent}`),
  };
}

export type OriginHasher = ReturnType<typeof createOriginHasher>;
