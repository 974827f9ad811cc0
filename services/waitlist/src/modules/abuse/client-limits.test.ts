import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uniqueEmail, useWaitlistApi } from '../../testing/waitlist-harness.js';

/**
 * Per-client limits count a client as its IPv4 address or its IPv6 /64 (@mmdm/shared/client-address): one host
 * holds a whole /64 and can take a fresh address for every request.
 */
const SIGNUP_LIMIT = 5;
const DATA_ACCESS_LIMIT = 3;
const system = useWaitlistApi({
  env: { SIGNUP_RATE_LIMIT: String(SIGNUP_LIMIT), DATA_ACCESS_RATE_LIMIT: String(DATA_ACCESS_LIMIT) },
});

/** A random address in the /64 `prefix` (four groups), as a host's privacy addresses are (RFC 8981). */
const inPrefix = (prefix: string) =>
  `${prefix}:${[...randomBytes(8).toString('hex').matchAll(/..../g)].map(([group]) => group).join(':')}`;

/** The gateway (loopback, trusted) tells the service the client's address. */
const from = (address: string) => ({ 'x-forwarded-for': address });

async function signUpFrom(address: string) {
  return system.api.request('/waitlist', {
    method: 'POST',
    body: { email: uniqueEmail('v6') },
    headers: from(address),
  });
}

describe('per-client limits over IPv6', () => {
  it(`sign-ups from 12 addresses of one /64: ${SIGNUP_LIMIT} accepted, the rest 429; another /64 of the same /48 is another client`, async () => {
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await signUpFrom(inPrefix('2001:db8:51:a'))).status);
    expect(statuses).toEqual([...Array(SIGNUP_LIMIT).fill(200), ...Array(12 - SIGNUP_LIMIT).fill(429)]);
    expect((await signUpFrom(inPrefix('2001:db8:51:b'))).status).toBe(200);
  });

  it(`"Your data" link requests from 10 addresses of one /64: ${DATA_ACCESS_LIMIT} answered, the rest 429`, async () => {
    const statuses = [];
    for (let i = 0; i < 10; i++)
      statuses.push(
        (
          await system.api.request('/waitlist/data-access', {
            method: 'POST',
            body: { email: uniqueEmail('asker') },
            headers: from(inPrefix('2001:db8:da:7')),
          })
        ).status,
      );
    expect(statuses).toEqual([...Array(DATA_ACCESS_LIMIT).fill(200), ...Array(10 - DATA_ACCESS_LIMIT).fill(429)]);
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address it carries', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signUpFrom('192.0.2.61')).status);
    for (let i = 0; i < 3; i++) statuses.push((await signUpFrom('::ffff:192.0.2.61')).status);
    expect(statuses).toEqual([...Array(SIGNUP_LIMIT).fill(200), 429, 429]);
  });
});
