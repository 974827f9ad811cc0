import { describe, expect, it } from 'vitest';
import { routeOf } from './route-table.js';

describe('routeOf', () => {
  it('sends the sign-up call to the waitlist service but keeps GET /waitlist for the page', () => {
    expect(routeOf('POST', '/waitlist')).toEqual({ kind: 'proxy', upstream: 'waitlist', staff: false, lane: 'fast' });
    expect(routeOf('GET', '/waitlist')).toEqual({ kind: 'site' });
    expect(routeOf('GET', '/waitlist/')).toEqual({ kind: 'site' });
  });

  it('does not mistake a look-alike path for an API prefix', () => {
    expect(routeOf('GET', '/waitlisting')).toEqual({ kind: 'site' });
    expect(routeOf('GET', '/apiary')).toEqual({ kind: 'site' });
    expect(routeOf('GET', '/api/administrator')).toEqual({ kind: 'api-not-found' });
    expect(routeOf('GET', '/api/admin/waitlisted')).toEqual({
      kind: 'proxy',
      upstream: 'auth',
      staff: true,
      lane: 'full',
    });
  });

  it("never forwards the auth service's internal calls (the revocation refill the waitlist service asks for)", () => {
    expect(routeOf('POST', '/internal/revocations/restore')).toEqual({ kind: 'site' });
  });

  it('sends the OpenAPI document to the auth service, which generates it; other /api paths stay 404', () => {
    expect(routeOf('GET', '/api/openapi.json')).toEqual({
      kind: 'proxy',
      upstream: 'auth',
      staff: false,
      lane: 'fast',
    });
    expect(routeOf('GET', '/api/openapi.yaml')).toEqual({ kind: 'api-not-found' });
  });

  it('sends the public calls and the key set through the fast lane, the rest of the staff API through the full proxy', () => {
    expect(routeOf('POST', '/waitlist/confirm')).toMatchObject({ upstream: 'waitlist', staff: false, lane: 'fast' });
    expect(routeOf('GET', '/api/admin/jwks.json')).toEqual({
      kind: 'proxy',
      upstream: 'auth',
      staff: true,
      lane: 'fast',
    });
    expect(routeOf('GET', '/api/admin/waitlist/entries/export.csv')).toMatchObject({
      upstream: 'waitlist',
      staff: true,
      lane: 'full',
    });
    expect(routeOf('POST', '/api/admin/login')).toMatchObject({ upstream: 'auth', staff: true, lane: 'full' });
  });

  it("sends the app's webhook endpoints to the waitlist service, which records and sends their events", () => {
    expect(routeOf('POST', '/api/admin/webhooks')).toEqual({
      kind: 'proxy',
      upstream: 'waitlist',
      staff: true,
      lane: 'full',
    });
    expect(routeOf('GET', '/api/admin/webhooks/7/deliveries')).toMatchObject({ upstream: 'waitlist', staff: true });
    expect(routeOf('GET', '/api/admin/webhookspam')).toMatchObject({ upstream: 'auth' });
  });

  it('keeps /healthz to GET and HEAD', () => {
    expect(routeOf('HEAD', '/healthz')).toEqual({ kind: 'health' });
    expect(routeOf('POST', '/healthz')).toEqual({ kind: 'method-not-allowed', allow: 'GET, HEAD' });
  });
});
