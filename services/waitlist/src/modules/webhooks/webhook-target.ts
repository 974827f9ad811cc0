import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { WebhookTargetConfig } from '../../config.js';

/**
 * Where a webhook may go (decision 037, docs/security.md): a public unicast address, reached by http(s) (https only in
 * production), checked when the endpoint is saved and again on every connect, so a name whose answer changes in
 * between (DNS rebinding) is refused at the connect. `WEBHOOK_ALLOWED_HOSTS` names the private receivers a
 * development or test setup trusts, each by its `host:port`; nothing else private is ever reached.
 */

/** Resolves a name to every address it has (tests inject one whose answer changes). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface TargetPolicy extends WebhookTargetConfig {
  resolve?: Resolve;
}

export type TargetRefusal =
  'invalid_url' | 'scheme_not_allowed' | 'credentials_in_url' | 'address_refused' | 'not_resolved';

export class WebhookTargetError extends Error {
  constructor(
    readonly reason: TargetRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookTargetError';
  }
}

/**
 * Why an address may not be reached, or undefined when it may: anything but ipaddr.js's `unicast` range is refused
 * (loopback, private, link-local with the metadata address 169.254.169.254, carrier-grade NAT, unique-local IPv6 with
 * fd00:ec2::254, IPv4-mapped and the other translation ranges, multicast, reserved, unspecified...).
 */
export function addressRefusal(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  return range === 'unicast' ? undefined : range;
}

/** `host:port` of a URL, as WEBHOOK_ALLOWED_HOSTS names it (default ports filled in, the host lower-cased). */
export function hostKeyOf(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.toLowerCase()}:${port}`;
}

/** The URL, if its form may be used at all (no DNS yet). */
export function parseTarget(raw: string, policy: TargetPolicy): URL {
  if (!URL.canParse(raw)) throw new WebhookTargetError('invalid_url', 'The URL is not a valid absolute URL.');
  const url = new URL(raw);
  const schemes = policy.httpsOnly ? ['https:'] : ['https:', 'http:'];
  if (!schemes.includes(url.protocol))
    throw new WebhookTargetError(
      'scheme_not_allowed',
      policy.httpsOnly ? 'Only https:// URLs are accepted.' : 'Only http:// and https:// URLs are accepted.',
    );
  if (url.username || url.password)
    throw new WebhookTargetError('credentials_in_url', 'The URL may not carry a user name or password.');
  return url;
}

/** Whether WEBHOOK_ALLOWED_HOSTS trusts this URL's `host:port` with a private address. */
export function isAllowedHost(url: URL, policy: TargetPolicy): boolean {
  return policy.allowedHosts.includes(hostKeyOf(url));
}

function bareHost(url: URL): string {
  // An IPv6 literal comes bracketed in a URL.
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Every address the name has must be public (unless its `host:port` is trusted); resolves to those addresses. */
export async function checkAddresses(
  hostname: string,
  allowPrivate: boolean,
  resolve: Resolve = systemResolve,
): Promise<LookupAddress[]> {
  let addresses: LookupAddress[];
  if (ipaddr.isValid(hostname)) {
    addresses = [{ address: hostname, family: hostname.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await resolve(hostname);
    } catch {
      throw new WebhookTargetError('not_resolved', `The name ${hostname} does not resolve.`);
    }
  }
  if (addresses.length === 0) throw new WebhookTargetError('not_resolved', `The name ${hostname} does not resolve.`);
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const refusal = addressRefusal(address);
      if (refusal)
        throw new WebhookTargetError('address_refused', `${hostname} leads to a ${refusal} address, which is refused.`);
    }
  }
  return addresses;
}

/** The check made when an endpoint is saved: its form, then every address its name resolves to now. */
export async function checkTarget(raw: string, policy: TargetPolicy): Promise<URL> {
  const url = parseTarget(raw, policy);
  await checkAddresses(bareHost(url), isAllowedHost(url, policy), policy.resolve);
  return url;
}

/**
 * The `lookup` of the socket that carries a delivery: it resolves the name itself and refuses a private answer, so
 * the address actually connected to is the one checked (a name that answered a public address when it was saved
 * and a private one now is refused here). An IP literal needs no lookup: `checkAddresses` refuses it before the
 * request is made.
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    checkAddresses(hostname, allowPrivate, resolve).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = wanted ? addresses.filter((entry) => entry.family === wanted) : addresses;
        if (usable.length === 0) {
          callback(Object.assign(new Error(`no IPv${wanted} address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
          return;
        }
        if (options.all) (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

export { bareHost };
