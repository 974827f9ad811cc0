import { sampleValue, scrape, startTestDnsServer, type TestDnsServer } from '@mmdm/tests/support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, useWaitlistApi } from '../../testing/waitlist-harness.js';

/**
 * A resolver that says "no such domain" for every name (a machine whose DNS knows only internal names, as in many
 * corporate and cluster networks) must not make every address look mail-less: gmail.com does not resolve either.
 */
let dns: TestDnsServer;
const RECHECK_MS = 300;

// Registered before the API's hooks, so the server is up when the API starts (and is stopped after it).
beforeAll(async () => {
  dns = await startTestDnsServer({ '*': { nxdomain: true } });
});
afterAll(async () => {
  await dns?.close();
});

const system = useWaitlistApi({
  env: {
    EMAIL_DNS_CHECK: 'true',
    DNS_WELL_KNOWN_DOMAINS: 'gmail.com, outlook.com',
    DNS_WELL_KNOWN_RECHECK_MS: String(RECHECK_MS),
  },
  envAtStart: () => ({ DNS_SERVERS: dns.address }),
});

const signUp = (email: string) => system.api.request('/waitlist', { method: 'POST', body: { email } });

async function rowOf(email: string) {
  const { rows } = await system.context.pool.query<{ review_state: string | null; review_reasons: string[] | null }>(
    'select review_state, review_reasons from waitlist.entries where email_normalized = lower($1)',
    [email],
  );
  return rows[0];
}

const failingGauge = async () => sampleValue(await scrape(`${system.api.url}/metrics`), 'mmdm_dns_resolver_failing');

describe('a resolver that answers NXDOMAIN for every name', () => {
  it('accepts sign-ups of gmail.com and of any domain, flags them for review, warns once and raises the metric', async () => {
    const gmail = `${uniqueEmail('everyone').split('@')[0]}@gmail.com`;
    const company = uniqueEmail('staff').replace('@example.com', '@company.test');
    for (const email of [gmail, company]) {
      const answer = await signUp(email);
      expect([email, answer.status]).toEqual([email, 200]);
      expect(await rowOf(email)).toEqual({ review_state: 'flagged', review_reasons: ['dns_unavailable'] });
    }
    expect(await failingGauge()).toBe(1);
    const warnings = system.api.logs
      .lines()
      .filter((line) => String(line.msg).startsWith('DNS resolver says well-known'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 'warn', wellKnownDomains: ['gmail.com', 'outlook.com'] });
  });

  it('believes "no such domain" again once the well-known domains resolve', async () => {
    dns.zone.set('gmail.com', { mx: ['gmail-smtp-in.l.google.com'] });
    await new Promise((resolve) => setTimeout(resolve, RECHECK_MS + 50));
    const gone = uniqueEmail('gone').replace('@example.com', '@gone-for-good.test');
    const answer = await signUp(gone);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'email_not_permanent',
      message: 'Please use a permanent e-mail address',
    });
    expect(await rowOf(gone)).toBeUndefined();
    expect(await failingGauge()).toBe(0);
    expect(
      system.api.logs.lines().some((line) => line.msg === 'DNS resolver answers well-known mail domains again'),
    ).toBe(true);
  });
});
