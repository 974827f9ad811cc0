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

/**
 * Every endpoint behind a staff token, in both services: tests/integration/staff-endpoints-cover-calls.test.ts fails when
 * a declared staff call is missing here.
 */
export const STAFF_ENDPOINTS: StaffEndpoint[] = [
  { service: 'auth', method: 'GET', path: '/api/admin/verify', readOnly: true },
  { service: 'auth', method: 'GET', path: '/api/admin/me', readOnly: true },
  { service: 'auth', method: 'POST', path: '/api/admin/logout', readOnly: false },
  {
    service: 'auth',
    method: 'POST',
    path: '/api/admin/me/password',
    body: { currentPassword: 'x'.repeat(12), newPassword: 'y'.repeat(16) },
    readOnly: false,
  },
  { service: 'auth', method: 'GET', path: '/api/admin/staff', readOnly: true },
  {
    service: 'auth',
    method: 'POST',
    path: '/api/admin/staff',
    body: { email: uniqueEmail('forged'), password: 'z'.repeat(16), role: 'admin' },
    readOnly: false,
  },
  {
    service: 'auth',
    method: 'PATCH',
    path: `/api/admin/staff/${randomUUID()}`,
    body: { role: 'admin' },
    readOnly: false,
  },
  { service: 'auth', method: 'GET', path: '/api/admin/audit', readOnly: true },
  { service: 'auth', method: 'GET', path: '/api/admin/me/mfa', readOnly: true },
  { service: 'auth', method: 'POST', path: '/api/admin/me/mfa/totp', readOnly: false },
  {
    service: 'auth',
    method: 'POST',
    path: '/api/admin/me/mfa/totp/confirm',
    body: { code: '123456' },
    readOnly: false,
  },
  { service: 'auth', method: 'DELETE', path: '/api/admin/me/mfa/totp', readOnly: false },
  { service: 'auth', method: 'POST', path: '/api/admin/me/mfa/passkeys/options', readOnly: false },
  {
    service: 'auth',
    method: 'POST',
    path: '/api/admin/me/mfa/passkeys',
    body: {
      name: 'Forged',
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
        clientExtensionResults: {},
      },
    },
    readOnly: false,
  },
  { service: 'auth', method: 'DELETE', path: `/api/admin/me/mfa/passkeys/${randomUUID()}`, readOnly: false },
  { service: 'auth', method: 'POST', path: '/api/admin/me/mfa/recovery-codes', readOnly: false },
  {
    service: 'auth',
    method: 'POST',
    path: '/api/admin/me/reauth',
    body: { method: 'password', password: 'x'.repeat(12) },
    readOnly: false,
  },
  { service: 'auth', method: 'GET', path: '/api/admin/mfa/policy', readOnly: true },
  { service: 'auth', method: 'PUT', path: '/api/admin/mfa/policy', body: { required: false }, readOnly: false },
  { service: 'auth', method: 'GET', path: '/api/admin/mfa/staff', readOnly: true },
  { service: 'auth', method: 'POST', path: `/api/admin/mfa/staff/${randomUUID()}/reset`, readOnly: false },
  { service: 'waitlist', method: 'GET', path: '/api/admin/waitlist/entries', readOnly: true },
  { service: 'waitlist', method: 'GET', path: '/api/admin/waitlist/entries.csv', readOnly: true },
  { service: 'waitlist', method: 'POST', path: '/api/admin/waitlist/entries/1/resend', readOnly: false },
  { service: 'waitlist', method: 'DELETE', path: '/api/admin/waitlist/entries/1', readOnly: false },
  { service: 'waitlist', method: 'GET', path: '/api/admin/waitlist/stats', readOnly: true },
  {
    service: 'waitlist',
    method: 'GET',
    path: '/api/admin/waitlist/analytics?from=2026-01-01&to=2026-01-31',
    readOnly: true,
  },
  { service: 'waitlist', method: 'GET', path: '/api/admin/waitlist/audit', readOnly: true },
  { service: 'waitlist', method: 'GET', path: '/api/admin/waitlist/messages', readOnly: true },
  // A read, but of a message that need not exist (404 to a genuine token): not among the controls that expect 200.
  { service: 'waitlist', method: 'GET', path: '/api/admin/waitlist/messages/1', readOnly: false },
  {
    service: 'waitlist',
    method: 'POST',
    path: '/api/admin/waitlist/messages/1/handled',
    body: { handled: true },
    readOnly: false,
  },
  { service: 'waitlist', method: 'DELETE', path: '/api/admin/waitlist/messages/1', readOnly: false },
  {
    service: 'waitlist',
    method: 'POST',
    path: '/api/admin/webhooks',
    body: { url: 'https://hooks.example.com/mmdm', events: ['entry.invited'] },
    readOnly: false,
  },
  { service: 'waitlist', method: 'GET', path: '/api/admin/webhooks', readOnly: true },
  { service: 'waitlist', method: 'POST', path: '/api/admin/webhooks/1/rotate', readOnly: false },
  {
    service: 'waitlist',
    method: 'POST',
    path: '/api/admin/webhooks/1/enabled',
    body: { enabled: false },
    readOnly: false,
  },
  { service: 'waitlist', method: 'DELETE', path: '/api/admin/webhooks/1', readOnly: false },
  // A read, but of an endpoint that need not exist (404 to a genuine token).
  { service: 'waitlist', method: 'GET', path: '/api/admin/webhooks/1/deliveries', readOnly: false },
  { service: 'waitlist', method: 'POST', path: '/api/admin/webhooks/1/deliveries/1/redeliver', readOnly: false },
  { service: 'waitlist', method: 'GET', path: '/api/admin/waitlist/mail-templates', readOnly: true },
  { service: 'waitlist', method: 'GET', path: '/api/admin/waitlist/mail-templates/welcome/preview', readOnly: true },
  { service: 'waitlist', method: 'GET', path: '/api/admin/waitlist/invitations', readOnly: true },
  { service: 'waitlist', method: 'GET', path: '/api/admin/waitlist/invitations/preview?count=1', readOnly: true },
  { service: 'waitlist', method: 'POST', path: '/api/admin/waitlist/invitations', body: { count: 1 }, readOnly: false },
  { service: 'waitlist', method: 'GET', path: '/api/admin/waitlist/cities', readOnly: true },
  {
    service: 'waitlist',
    method: 'POST',
    path: '/api/admin/waitlist/cities',
    body: { name: `Forged City ${randomUUID().slice(0, 8)}` },
    readOnly: false,
  },
  { service: 'waitlist', method: 'DELETE', path: '/api/admin/waitlist/cities/1', readOnly: false },
  {
    service: 'waitlist',
    method: 'PATCH',
    path: '/api/admin/waitlist/cities/1',
    body: { openingThreshold: 1, firstWaveSize: 1, openMode: 'auto' },
    readOnly: false,
  },
  { service: 'waitlist', method: 'POST', path: '/api/admin/waitlist/cities/1/open', readOnly: false },
  { service: 'waitlist', method: 'GET', path: '/api/admin/waitlist/launch-stats', readOnly: true },
  {
    service: 'waitlist',
    method: 'POST',
    path: '/api/admin/waitlist/credits/1/revoke',
    body: { reason: 'forged' },
    readOnly: false,
  },
  { service: 'waitlist', method: 'GET', path: '/api/admin/waitlist/tickets', readOnly: true },
  {
    service: 'waitlist',
    method: 'POST',
    path: '/api/admin/waitlist/tickets/1/revoke',
    body: { reason: 'forged' },
    readOnly: false,
  },
  { service: 'waitlist', method: 'POST', path: '/api/admin/waitlist/tickets/1/approve', readOnly: false },
  { service: 'waitlist', method: 'GET', path: '/api/admin/waitlist/review', readOnly: true },
  { service: 'waitlist', method: 'GET', path: '/api/admin/waitlist/review/count', readOnly: true },
  {
    service: 'waitlist',
    method: 'POST',
    path: '/api/admin/waitlist/review/entries/1',
    body: { decision: 'approve' },
    readOnly: false,
  },
  {
    service: 'waitlist',
    method: 'POST',
    path: '/api/admin/waitlist/review/credits/1',
    body: { decision: 'approve' },
    readOnly: false,
  },
  { service: 'waitlist', method: 'GET', path: '/api/admin/waitlist/domain-rules', readOnly: true },
  {
    service: 'waitlist',
    method: 'POST',
    path: '/api/admin/waitlist/domain-rules',
    body: { domain: 'forged.example', rule: 'deny' },
    readOnly: false,
  },
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
