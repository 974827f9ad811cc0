import { ALL_CALLS } from '@mmdm/contracts/calls/index';
import type { CallDeclaration } from '@mmdm/contracts/calls/define-call';
import { randomUUID } from 'node:crypto';
import { uniqueEmail } from '../../support/unique-email.js';

export interface StaffEndpoint {
  service: 'auth' | 'waitlist';
  method: string;
  path: string;
  /** A well-formed body, so only the token decides the answer. */
  body?: object;
  /** Safe to call with a genuine token (reads only). */
  readOnly: boolean;
}

/** A read: safe to make with a genuine token. */
const read = (service: StaffEndpoint['service'], path: string): StaffEndpoint => ({
  service,
  method: 'GET',
  path,
  readOnly: true,
});

/** A change (or a read a genuine token need not get a 200 from), with a well-formed body where it takes one. */
const change = (service: StaffEndpoint['service'], method: string, path: string, body?: object): StaffEndpoint => ({
  service,
  method,
  path,
  ...(body ? { body } : {}),
  readOnly: false,
});

/**
 * Every endpoint behind a staff token, in both services: tests/integration/staff-endpoints-cover-calls.test.ts fails when
 * a declared staff call is missing here.
 */
export const STAFF_ENDPOINTS: StaffEndpoint[] = [
  read('auth', '/api/admin/verify'),
  read('auth', '/api/admin/me'),
  change('auth', 'POST', '/api/admin/logout'),
  change('auth', 'POST', '/api/admin/me/password', { currentPassword: 'x'.repeat(12), newPassword: 'y'.repeat(16) }),
  read('auth', '/api/admin/staff'),
  change('auth', 'POST', '/api/admin/staff', { email: uniqueEmail('forged'), password: 'z'.repeat(16), role: 'admin' }),
  change('auth', 'PATCH', `/api/admin/staff/${randomUUID()}`, { role: 'admin' }),
  read('auth', '/api/admin/audit'),
  read('auth', '/api/admin/me/mfa'),
  change('auth', 'POST', '/api/admin/me/mfa/totp'),
  change('auth', 'POST', '/api/admin/me/mfa/totp/confirm', { code: '123456' }),
  change('auth', 'DELETE', '/api/admin/me/mfa/totp'),
  change('auth', 'POST', '/api/admin/me/mfa/passkeys/options'),
  change('auth', 'POST', '/api/admin/me/mfa/passkeys', {
    name: 'Forged',
    response: {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
      clientExtensionResults: {},
    },
  }),
  change('auth', 'DELETE', `/api/admin/me/mfa/passkeys/${randomUUID()}`),
  change('auth', 'POST', '/api/admin/me/mfa/recovery-codes'),
  change('auth', 'POST', '/api/admin/me/reauth', { method: 'password', password: 'x'.repeat(12) }),
  read('auth', '/api/admin/mfa/policy'),
  change('auth', 'PUT', '/api/admin/mfa/policy', { required: false }),
  read('auth', '/api/admin/mfa/staff'),
  change('auth', 'POST', `/api/admin/mfa/staff/${randomUUID()}/reset`),
  read('waitlist', '/api/admin/waitlist/entries'),
  read('waitlist', '/api/admin/waitlist/entries.csv'),
  change('waitlist', 'POST', '/api/admin/waitlist/entries/1/resend'),
  change('waitlist', 'DELETE', '/api/admin/waitlist/entries/1'),
  read('waitlist', '/api/admin/waitlist/stats'),
  read('waitlist', '/api/admin/waitlist/analytics?from=2026-01-01&to=2026-01-31'),
  read('waitlist', '/api/admin/waitlist/audit'),
  read('waitlist', '/api/admin/waitlist/messages'),
  // A read, but of a message that need not exist (404 to a genuine token): not among the controls that expect 200.
  change('waitlist', 'GET', '/api/admin/waitlist/messages/1'),
  change('waitlist', 'POST', '/api/admin/waitlist/messages/1/handled', { handled: true }),
  change('waitlist', 'DELETE', '/api/admin/waitlist/messages/1'),
  change('waitlist', 'POST', '/api/admin/webhooks', {
    url: 'https://hooks.example.com/mmdm',
    events: ['entry.invited'],
  }),
  read('waitlist', '/api/admin/webhooks'),
  change('waitlist', 'POST', '/api/admin/webhooks/1/rotate'),
  change('waitlist', 'POST', '/api/admin/webhooks/1/enabled', { enabled: false }),
  change('waitlist', 'DELETE', '/api/admin/webhooks/1'),
  // A read, but of an endpoint that need not exist (404 to a genuine token).
  change('waitlist', 'GET', '/api/admin/webhooks/1/deliveries'),
  change('waitlist', 'POST', '/api/admin/webhooks/1/deliveries/1/redeliver'),
  read('waitlist', '/api/admin/waitlist/mail-templates'),
  read('waitlist', '/api/admin/waitlist/mail-templates/welcome/preview'),
  read('waitlist', '/api/admin/waitlist/invitations'),
  read('waitlist', '/api/admin/waitlist/invitations/preview?count=1'),
  change('waitlist', 'POST', '/api/admin/waitlist/invitations', { count: 1 }),
  read('waitlist', '/api/admin/waitlist/cities'),
  change('waitlist', 'POST', '/api/admin/waitlist/cities', { name: `Forged City ${randomUUID().slice(0, 8)}` }),
  change('waitlist', 'DELETE', '/api/admin/waitlist/cities/1'),
  change('waitlist', 'PATCH', '/api/admin/waitlist/cities/1', {
    openingThreshold: 1,
    firstWaveSize: 1,
    openMode: 'auto',
  }),
  change('waitlist', 'POST', '/api/admin/waitlist/cities/1/open'),
  read('waitlist', '/api/admin/waitlist/launch-stats'),
  change('waitlist', 'POST', '/api/admin/waitlist/credits/1/revoke', { reason: 'forged' }),
  read('waitlist', '/api/admin/waitlist/tickets'),
  change('waitlist', 'POST', '/api/admin/waitlist/tickets/1/revoke', { reason: 'forged' }),
  change('waitlist', 'POST', '/api/admin/waitlist/tickets/1/approve'),
  read('waitlist', '/api/admin/waitlist/review'),
  read('waitlist', '/api/admin/waitlist/review/count'),
  change('waitlist', 'POST', '/api/admin/waitlist/review/entries/1', { decision: 'approve' }),
  change('waitlist', 'POST', '/api/admin/waitlist/review/credits/1', { decision: 'approve' }),
  read('waitlist', '/api/admin/waitlist/domain-rules'),
  change('waitlist', 'POST', '/api/admin/waitlist/domain-rules', { domain: 'forged.example', rule: 'deny' }),
  { service: 'waitlist', method: 'DELETE', path: '/api/admin/waitlist/domain-rules/forged.example', readOnly: false },
];

/** Whether `path` (a concrete path, query allowed) is one of the template's: `{id}` stands for one segment. */
export function pathMatches(template: string, path: string): boolean {
  const pattern = template
    .split(/\{[^}]+\}/)
    .map((piece) => piece.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${pattern}$`).test(path.split('?')[0]!);
}

/** The declared call an endpoint of this list makes (services/contracts/src/calls), if any. */
export function declaredCallOf(endpoint: StaffEndpoint): CallDeclaration | undefined {
  return ALL_CALLS.find(
    (call) => call.method.toUpperCase() === endpoint.method && pathMatches(call.path, endpoint.path),
  );
}
