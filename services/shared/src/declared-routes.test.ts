import { defineCall, pathParam } from '@mmdm/contracts/calls/define-call';
import express, { type RequestHandler, type Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declaredRoutes, markGuard, validated } from './declared-routes.js';
import { errorHandler } from './errors.js';
import { createLogger } from './logger.js';
import {
  currentClaims,
  InvalidTokenError,
  staffGuard,
  type StaffClaims,
  type StaffRole,
  type StaffTokenVerifier,
} from './tokens.js';

/** A router that records what is registered on it. */
function recordingRouter() {
  const registered: string[] = [];
  const chains: RequestHandler[][] = [];
  const record =
    (method: string) =>
    (path: string, ...handlers: RequestHandler[]) => {
      registered.push(`${method} ${path} (${handlers.length})`);
      chains.push(handlers);
    };
  const router = { get: record('get'), post: record('post'), patch: record('patch') } as unknown as Router;
  return { router, registered, chains };
}

const handler: RequestHandler = (_req, res) => res.end();
const guard = (access: 'viewer' | 'admin') => [markGuard((_req, _res, next) => next(), access)];

describe('declaredRoutes', () => {
  it("registers a call's method and its path relative to the mount, in Express's :name form", () => {
    const { router, registered } = recordingRouter();
    const route = declaredRoutes(router, '/api/admin');
    route({ method: 'patch', path: '/api/admin/staff/{id}', access: 'any' }, handler, handler);
    route({ method: 'get', path: '/api/admin/me', access: 'public' }, handler);
    // The validate step stands before the last handler.
    expect(registered).toEqual(['patch /staff/:id (3)', 'get /me (2)']);
  });

  it('registers the whole path on a router at the root', () => {
    const { router, registered } = recordingRouter();
    declaredRoutes(router).unvalidated({ method: 'post', path: '/waitlist', access: 'public' }, handler);
    expect(registered).toEqual(['post /waitlist (1)']);
  });

  it('refuses, at start-up, a call outside the mount', () => {
    const { router } = recordingRouter();
    const route = declaredRoutes(router, '/api/admin');
    expect(() => route({ method: 'get', path: '/api/administrators', access: 'public' }, handler)).toThrow(
      /not under \/api\/admin/,
    );
    expect(() => route({ method: 'post', path: '/waitlist', access: 'public' }, handler)).toThrow(/not under/);
  });

  it("puts the service's guard of the declared role first", () => {
    const { router, chains } = recordingRouter();
    const route = declaredRoutes(router, '', { guard });
    route({ method: 'get', path: '/list', access: 'viewer' }, handler);
    route({ method: 'post', path: '/erase', access: 'admin' }, handler);
    expect(chains.map((chain) => chain.length)).toEqual([3, 3]);
  });

  it("refuses, at start-up, a route with a staff guard of its own: the declaration's access decides", () => {
    const { router } = recordingRouter();
    const route = declaredRoutes(router, '', { guard });
    const [viewer] = guard('viewer');
    const [admin] = guard('admin');
    expect(() => route({ method: 'post', path: '/erase', access: 'admin' }, viewer!, handler)).toThrow(
      'POST /erase is declared admin but registered behind its own viewer guard',
    );
    // The same role is refused too: a second copy of the decision is free to drift from the first.
    expect(() => route({ method: 'post', path: '/erase', access: 'admin' }, admin!, handler)).toThrow(/its own admin/);
    expect(() => route({ method: 'get', path: '/open', access: 'public' }, viewer!, handler)).toThrow(
      /declared public/,
    );
    // An `any` call brings its own check (a session of any role, or an enrolment token).
    expect(() => route({ method: 'post', path: '/logout', access: 'any' }, viewer!, handler)).not.toThrow();
  });

  it('refuses, at start-up, a staff call on a router without a staff guard', () => {
    const { router } = recordingRouter();
    expect(() => declaredRoutes(router)({ method: 'get', path: '/list', access: 'viewer' }, handler)).toThrow(
      'GET /list is declared viewer but its router has no staff guard',
    );
  });
});

describe('declaredRoutes over HTTP, with the staff guard', () => {
  const erase = defineCall({
    method: 'post',
    path: '/items/{id}/erase',
    operationId: 'eraseItem',
    tag: 'staff-waitlist',
    summary: 'Erase an item',
    description: 'A test call.',
    access: 'admin',
    params: { id: pathParam('An item id.') },
    body: z.strictObject({ reason: z.string().min(1) }),
    answers: {},
    errors: [400, 401, 403],
  });
  const read = defineCall({
    method: 'get',
    path: '/items',
    operationId: 'listItems',
    tag: 'staff-waitlist',
    summary: 'Items',
    description: 'A test call.',
    access: 'viewer',
    answers: {},
    errors: [401],
  });
  const claims = (role: StaffRole): StaffClaims => ({
    sub: role,
    role,
    jti: role,
    iat: 0,
    exp: 0,
    gen: 0,
    amr: ['pwd'],
    authTime: 0,
  });
  // Stands in for the JWT check: the token is the role it carries.
  const verify: StaffTokenVerifier = async (token) => {
    if (token === 'viewer' || token === 'admin') return claims(token);
    throw new InvalidTokenError('unknown');
  };
  let base = '';
  let server: ReturnType<express.Express['listen']>;

  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    const router = express.Router();
    const route = declaredRoutes(router, '', { guard: staffGuard(verify) });
    route(erase, (_req, res) => {
      res.json({ erased: validated(erase, res).params.id });
    });
    route(read, (req, res) => {
      res.json({ role: currentClaims(req).role });
    });
    app.use(router);
    app.use(errorHandler(createLogger({ name: 'test', level: 'silent' })));
    await new Promise<void>((resolve) => {
      server = app.listen(0, '127.0.0.1', () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('refuses a call declared admin to a viewer with 403, whatever the request holds', async () => {
    expect(await call('POST', '/items/x/erase', 'viewer', {})).toEqual({
      status: 403,
      body: { success: false, code: 'forbidden', message: 'Your role does not allow this.' },
    });
  });

  it('answers 401 before 403 before 400: no token, then a bad token, then the role, then the request', async () => {
    const unauthorized = { success: false, code: 'unauthorized', message: 'Sign in to continue.' };
    expect(await call('POST', '/items/x/erase', undefined, {})).toEqual({ status: 401, body: unauthorized });
    expect(await call('POST', '/items/x/erase', 'forged', {})).toEqual({ status: 401, body: unauthorized });
    const invalid = await call('POST', '/items/x/erase', 'admin', {});
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'validation_error' });
    expect(await call('POST', '/items/7/erase', 'admin', { reason: 'spam' })).toEqual({
      status: 200,
      body: { erased: '7' },
    });
  });

  it('lets a viewer and an admin make a call declared viewer', async () => {
    expect(await call('GET', '/items', 'viewer')).toEqual({ status: 200, body: { role: 'viewer' } });
    expect(await call('GET', '/items', 'admin')).toEqual({ status: 200, body: { role: 'admin' } });
    expect((await call('GET', '/items')).status).toBe(401);
  });
});

describe('validate', () => {
  const item = defineCall({
    method: 'patch',
    path: '/items/{id}/{slot}',
    operationId: 'patchItem',
    tag: 'staff-waitlist',
    summary: 'An item',
    description: 'A test call.',
    access: 'public',
    params: {
      id: pathParam('An item id.', z.uuid(), { code: 'item_not_found', message: 'No such item.' }),
      slot: pathParam('A slot.', z.string().regex(/^\d{1,3}$/, 'A slot is a number.')),
    },
    query: { schema: z.object({ limit: z.coerce.number().int().max(10).default(5) }) },
    body: z.strictObject({ name: z.string().min(1) }),
    answers: {},
    errors: [400, 404],
  });
  const ID = '0b6c3f0e-5d6b-4b8e-9a51-0f3c2f1c9a11';
  let base = '';
  let server: ReturnType<express.Express['listen']>;

  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    const router = express.Router();
    declaredRoutes(router)(item, (_req, res) => {
      const { params, query, body } = validated(item, res);
      res.json({ id: params.id, slot: params.slot, limit: query.limit, name: body.name });
    });
    app.use(router);
    app.use(errorHandler(createLogger({ name: 'test', level: 'silent' })));
    await new Promise<void>((resolve) => {
      server = app.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const patch = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('hands the handler the parsed params, query and body', async () => {
    expect(await patch(`/items/${ID}/7?limit=3`, { name: 'a' })).toEqual({
      status: 200,
      body: { id: ID, slot: '7', limit: 3, name: 'a' },
    });
  });

  it('answers a segment that names nothing with its 404, before anything else is judged', async () => {
    expect(await patch('/items/nope/x?limit=99', {})).toEqual({
      status: 404,
      body: { success: false, code: 'item_not_found', message: 'No such item.' },
    });
  });

  it("answers the house's 400 for a bad segment, then a bad body, then a bad query", async () => {
    const slot = await patch(`/items/${ID}/x?limit=99`, {});
    expect(slot.status).toBe(400);
    expect(slot.body).toMatchObject({ code: 'validation_error', message: 'A slot is a number.' });
    const body = await patch(`/items/${ID}/1?limit=99`, {});
    expect(body.body).toMatchObject({ code: 'validation_error', issues: [{ path: 'name' }] });
    const query = await patch(`/items/${ID}/1?limit=99`, { name: 'a' });
    expect(query.body).toMatchObject({ code: 'validation_error', issues: [{ path: 'limit' }] });
  });
});
