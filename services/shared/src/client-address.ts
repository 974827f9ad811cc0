import { isIPv4, isIPv6 } from 'node:net';

/**
 * Who a client is, as every per-client and per-network limit counts it (docs/decisions/025).
 *
 * - The **client**: an IPv4 address alone (/32); for IPv6 its /64, the smallest block a home or a phone is given
 *   (RFC 6177, RFC 7934): one host may pick any of its 2^64 addresses at will (privacy addresses, RFC 8981), so an
 *   address alone would make every per-client limit endless.
 * - The **network**: IPv4's /24 (a household or office behind one NAT, a small hosting block) and IPv6's /48 (one
 *   site's allocation).
 *
 * An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, as a dual-stack socket reports an IPv4 peer) counts as the IPv4
 * address it carries. Anything that is no address (none known) is its own client and network.
 */
export interface ClientAddress {
  /** The per-client limits' key: `192.0.2.1` or `2001:0db8:0001:0002::/64`. */
  client: string;
  /** The per-network limits' key: `192.0.2.0/24` or `2001:0db8:0001::/48`. */
  network: string;
}

/** The eight groups of an IPv6 address (zone dropped, an embedded dotted quad as two groups), as numbers. */
function groupsOf(ip: string): number[] {
  let text = ip.toLowerCase().split('%')[0]!;
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right].map((group) => parseInt(group, 16));
}

/** Four lower-case hex digits a group, as the network hashes of sign-ups stored since decision 017 were written. */
const hex = (groups: number[]) => groups.map((group) => group.toString(16).padStart(4, '0')).join(':');

/** `::ffff:a.b.c.d` in any spelling (`::ffff:c000:201` too) as its IPv4 address, else undefined. */
function mappedIPv4(groups: number[]): string | undefined {
  if (groups.slice(0, 5).some((group) => group !== 0) || groups[5] !== 0xffff) return undefined;
  const [high, low] = [groups[6]!, groups[7]!];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

export function clientAddressOf(address: string): ClientAddress {
  let ip = address.trim();
  if (isIPv6(ip)) {
    const groups = groupsOf(ip);
    const mapped = mappedIPv4(groups);
    if (!mapped) return { client: `${hex(groups.slice(0, 4))}::/64`, network: `${hex(groups.slice(0, 3))}::/48` };
    ip = mapped;
  }
  if (isIPv4(ip)) return { client: ip, network: `${ip.split('.').slice(0, 3).join('.')}.0/24` };
  return { client: `other:${address}`, network: `other:${address}` };
}

/** The key of the per-client limits for `address` (see clientAddressOf). */
export const clientKeyOf = (address: string): string => clientAddressOf(address).client;

/** The key of the per-network limits for `address` (see clientAddressOf). */
export const networkKeyOf = (address: string): string => clientAddressOf(address).network;
