import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client address belongs to, as abuse rules count it: its /24 for IPv4 (a household or office behind
 * one NAT, a small hosting block) and its /48 for IPv6 (one site's allocation, RFC 6177). An IPv4-mapped IPv6
 * address counts as IPv4. Anything else (no address known) is its own network.
 */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(ip)) return `${expandIPv6(ip).slice(0, 3).join(':')}::/48`;
  return `other:${address}`;
}

/** The eight groups of an IPv6 address, without zone, each as a 4-digit lower-case hex string. */
function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::') as [string, string | undefined];
  const groupsOf = (part: string) => (part ? part.split(':') : []);
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right].map((group) => group.padStart(4, '0'));
}

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
