import type { RequestHandler, Router } from 'express';
import { describe, expect, it } from 'vitest';
import { declaredRoutes } from './declared-routes.js';

/** A router that records what is registered on it. */
function recordingRouter() {
  const registered: string[] = [];
  const record =
    (method: string) =>
    (path: string, ...handlers: RequestHandler[]) =>
      registered.push(`${method} ${path} (${handlers.length})`);
  const router = { get: record('get'), post: record('post'), patch: record('patch') } as unknown as Router;
  return { router, registered };
}

const handler: RequestHandler = (_req, res) => res.end();

describe('declaredRoutes', () => {
  it("registers a call's method and its path relative to the mount, in Express's :name form", () => {
    const { router, registered } = recordingRouter();
    const route = declaredRoutes(router, '/api/admin');
    route({ method: 'patch', path: '/api/admin/staff/{id}' }, handler, handler);
    route({ method: 'get', path: '/api/admin/me' }, handler);
    expect(registered).toEqual(['patch /staff/:id (2)', 'get /me (1)']);
  });

  it('registers the whole path on a router at the root', () => {
    const { router, registered } = recordingRouter();
    declaredRoutes(router)({ method: 'post', path: '/waitlist' }, handler);
    expect(registered).toEqual(['post /waitlist (1)']);
  });

  it('refuses, at start-up, a call outside the mount', () => {
    const { router } = recordingRouter();
    const route = declaredRoutes(router, '/api/admin');
    expect(() => route({ method: 'get', path: '/api/administrators' }, handler)).toThrow(/not under \/api\/admin/);
    expect(() => route({ method: 'post', path: '/waitlist' }, handler)).toThrow(/not under/);
  });
});
