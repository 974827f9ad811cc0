import { defineCall, pathParam } from '@mmdm/contracts/calls/define-call';
import express, { type RequestHandler, type Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declaredRoutes, markGuard, validated } from './declared-routes.js';
import { errorHandler } from './errors.js';
import { createLogger } from './logger.js';

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

  it('refuses, at start-up, a guard that disagrees with the declared access, and a staff call without one', () => {
    const { router } = recordingRouter();
    const route = declaredRoutes(router);
    const [viewer] = guard('viewer');
    const [admin] = guard('admin');
    expect(() => route({ method: 'post', path: '/erase', access: 'admin' }, viewer!, handler)).toThrow(
      'POST /erase is declared admin but registered behind a viewer guard',
    );
    expect(() => route({ method: 'get', path: '/list', access: 'viewer' }, admin!, handler)).toThrow(/declared viewer/);
    expect(() => route({ method: 'get', path: '/open', access: 'public' }, viewer!, handler)).toThrow(
      /declared public/,
    );
    expect(() => route({ method: 'get', path: '/list', access: 'viewer' }, handler)).toThrow(/without a staff guard/);
    expect(() => route({ method: 'get', path: '/list', access: 'viewer' }, viewer!, handler)).not.toThrow();
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
