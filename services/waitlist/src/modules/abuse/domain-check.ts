import { createRequire } from 'node:module';
import { AppError } from '@mmdm/shared/errors';
import type pg from 'pg';
import type { DnsCheck } from './dns-check.js';
import { listDomainRules } from './domain-rules.repository.js';

const require = createRequire(import.meta.url);

/**
 * The maintained throwaway-domain list (npm `disposable-email-domains`, ~120,000 domains) and its wildcard list
 * (every subdomain of those is throwaway too), loaded once per process (about 10 MB of memory).
 */
function loadPackagedList(): { exact: Set<string>; wildcard: Set<string> } {
  const exact = new Set(require('disposable-email-domains') as string[]);
  const wildcard = new Set(require('disposable-email-domains/wildcard.json') as string[]);
  return { exact, wildcard };
}

/** The domain and each parent that is still a registrable-looking name: a.b.example.com → itself, b.example.com, example.com. */
function withParents(domain: string): string[] {
  const labels = domain.split('.');
  const names: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) names.push(labels.slice(i).join('.'));
  return names;
}

export const NOT_PERMANENT = () => new AppError(400, 'email_not_permanent', 'Please use a permanent e-mail address');

/** How long staff's domain lists are trusted before they are read again (a change in this process applies at once). */
const RULES_REFRESH_MS = 5_000;

export interface DomainCheckDeps {
  pool: pg.Pool;
  /** Unset: the DNS is not asked (EMAIL_DNS_CHECK=false). */
  dns?: DnsCheck;
}

/** `ok`: accept. `flag`: accept, and put the entry in the review queue (the DNS could not say). Refusals throw. */
export type DomainVerdict = 'ok' | 'flag';

export function createDomainCheck({ pool, dns }: DomainCheckDeps) {
  const packaged = loadPackagedList();
  let rules = new Map<string, 'deny' | 'allow'>();
  let rulesReadAt = 0;
  let reading: Promise<void> | undefined;

  function readRules(): Promise<void> {
    reading ??= listDomainRules(pool)
      .then((rows) => {
        rules = new Map(rows.map((row) => [row.domain, row.rule]));
        rulesReadAt = Date.now();
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  }

  /** The staff's lists as of at most RULES_REFRESH_MS ago; the first sign-up waits for them, later ones never do. */
  async function currentRules(): Promise<Map<string, 'deny' | 'allow'>> {
    if (rulesReadAt === 0) await readRules();
    else if (Date.now() - rulesReadAt > RULES_REFRESH_MS) readRules().catch(() => undefined);
    return rules;
  }

  return {
    /** Throws 400 `email_not_permanent` for a throwaway or mail-less domain; the DNS answer decides the rest. */
    async check(email: string): Promise<DomainVerdict> {
      const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
      const names = withParents(domain);
      const staff = await currentRules();
      // The most specific staff rule wins (allow sub.example.com inside a denied example.com, and the reverse).
      for (const name of names) {
        const rule = staff.get(name);
        if (rule === 'allow') return 'ok';
        if (rule === 'deny') throw NOT_PERMANENT();
      }
      if (packaged.exact.has(domain) || names.some((name) => packaged.wildcard.has(name))) throw NOT_PERMANENT();
      if (!dns) return 'ok';
      const verdict = await dns.check(domain);
      if (verdict === 'none') throw NOT_PERMANENT();
      // Fail open: a DNS outage must never cost a person their sign-up; staff look at it afterwards.
      return verdict === 'unknown' ? 'flag' : 'ok';
    },

    /** Staff changed a list: this process reads it again now (others within RULES_REFRESH_MS). */
    async reload(): Promise<void> {
      await readRules();
    },
  };
}

export type DomainCheck = ReturnType<typeof createDomainCheck>;
