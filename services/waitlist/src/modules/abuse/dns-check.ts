import { Resolver } from 'node:dns/promises';
import type { Logger } from '@mmdm/shared/logger';
import { Gauge, type Registry } from '@mmdm/shared/metrics';

/** What the DNS says about a domain receiving mail: `mail` (MX, or A/AAAA as the implicit MX of RFC 5321 §5.1),
 * `none` (the domain does not exist, has no such record, or publishes a null MX, RFC 7505), `unknown` (no answer in
 * time, or a failure). */
export type MailDomainVerdict = 'mail' | 'none' | 'unknown';

export interface DnsCheckSettings {
  /** `host` or `host:port`; empty: the system's resolvers. */
  servers: string[];
  timeoutMs: number;
  /** How long answers are kept (ms): a positive answer, a negative one, and a failure. */
  ttl?: { mail: number; none: number; unknown: number };
  maxEntries?: number;
  /**
   * Domains that always take mail (gmail.com, outlook.com): when one of them does not resolve either, "no such
   * domain" is the resolver failing (a DNS that only knows internal names), not the domain, and answers are unknown
   * until they resolve again. Empty: every "none" is believed.
   */
  wellKnownDomains?: string[];
  /** How long the well-known domains' verdict is kept (ms) before they are asked again. */
  probeTtlMs?: number;
  logger?: Logger;
  registry?: Registry;
}

const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'ENONAME']);

/**
 * A domain's mail records, looked up once per domain and kept in the process: the sign-up path waits for DNS only
 * the first time a domain is seen (and at most `timeoutMs`), and concurrent sign-ups of one domain share one lookup.
 */
export function createDnsCheck({
  servers,
  timeoutMs,
  ttl = { mail: 3_600_000, none: 600_000, unknown: 10_000 },
  maxEntries = 20_000,
  wellKnownDomains = [],
  probeTtlMs = 15_000,
  logger,
  registry,
}: DnsCheckSettings) {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (servers.length) resolver.setServers(servers);
  const cache = new Map<string, { verdict: MailDomainVerdict; until: number }>();
  const inFlight = new Map<string, Promise<MailDomainVerdict>>();

  /** Records of one type, or [] when the name has none (or does not exist); other failures throw. */
  async function records<T>(lookup: () => Promise<T[]>): Promise<T[]> {
    try {
      return await lookup();
    } catch (error) {
      if (NO_RECORD.has((error as { code?: string }).code ?? '')) return [];
      throw error;
    }
  }

  const failingGauge = registry
    ? new Gauge({
        name: 'mmdm_dns_resolver_failing',
        help: 'Whether the resolver says the well-known mail domains (DNS_WELL_KNOWN_DOMAINS) do not exist: 1 while sign-ups of domains it calls mail-less are accepted and flagged for review instead of refused',
        registers: [registry],
      })
    : undefined;
  failingGauge?.set(0);
  let resolverFailing = false;
  let probedUntil = 0;
  let probing: Promise<boolean> | undefined;

  /**
   * Whether the resolver is failing: none of the well-known domains resolves to mail. Asked only when a domain looks
   * mail-less, kept `probeTtlMs`, one probe at a time; a change is logged once each way.
   */
  function resolverIsFailing(): Promise<boolean> {
    if (!wellKnownDomains.length) return Promise.resolve(false);
    if (Date.now() < probedUntil) return Promise.resolve(resolverFailing);
    probing ??= Promise.all(wellKnownDomains.map((domain) => lookUp(domain)))
      .then((verdicts) => {
        const failing = !verdicts.includes('mail');
        if (failing !== resolverFailing) {
          if (failing) {
            logger?.warn(
              { wellKnownDomains, verdicts },
              'DNS resolver says well-known mail domains have no mail: treating mail-less answers as unknown (sign-ups accepted and flagged for review) until they resolve again',
            );
          } else logger?.info({ wellKnownDomains }, 'DNS resolver answers well-known mail domains again');
        }
        resolverFailing = failing;
        failingGauge?.set(failing ? 1 : 0);
        probedUntil = Date.now() + probeTtlMs;
        return failing;
      })
      .finally(() => {
        probing = undefined;
      });
    return probing;
  }

  /** A domain's verdict, where "none" from a resolver that denies gmail.com too is "unknown". */
  async function verdictOf(domain: string): Promise<MailDomainVerdict> {
    const verdict = await lookUp(domain);
    if (verdict !== 'none') return verdict;
    return (await resolverIsFailing()) ? 'unknown' : 'none';
  }

  async function lookUp(domain: string): Promise<MailDomainVerdict> {
    try {
      const mx = await records(() => resolver.resolveMx(domain));
      if (mx.length) {
        // A null MX ("0 ."): the domain says it accepts no mail.
        const real = mx.filter((record) => record.exchange !== '' && record.exchange !== '.');
        return real.length ? 'mail' : 'none';
      }
      if ((await records(() => resolver.resolve4(domain))).length) return 'mail';
      if ((await records(() => resolver.resolve6(domain))).length) return 'mail';
      return 'none';
    } catch {
      return 'unknown';
    }
  }

  function remember(domain: string, verdict: MailDomainVerdict): void {
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    cache.set(domain, { verdict, until: Date.now() + ttl[verdict] });
  }

  return {
    async check(domain: string): Promise<MailDomainVerdict> {
      const known = cache.get(domain);
      if (known && known.until > Date.now()) return known.verdict;
      let pending = inFlight.get(domain);
      if (!pending) {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<MailDomainVerdict>((resolve) => {
          timer = setTimeout(() => resolve('unknown'), timeoutMs);
        });
        pending = Promise.race([verdictOf(domain), late]).then((verdict) => {
          clearTimeout(timer);
          inFlight.delete(domain);
          remember(domain, verdict);
          return verdict;
        });
        inFlight.set(domain, pending);
      }
      return pending;
    },
    close(): void {
      resolver.cancel();
    },
  };
}

export type DnsCheck = ReturnType<typeof createDnsCheck>;
