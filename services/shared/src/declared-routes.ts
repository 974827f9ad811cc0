import {
  expressPath,
  isZodSchema,
  type Access,
  type CallDeclaration,
  type PathParam,
  type PathValues,
  type Schema,
} from '@mmdm/contracts/calls/define-call';
import type { RequestHandler, Response, Router } from 'express';
import { z } from 'zod';
import { AppError } from './errors.js';

/** What registering needs of a declaration (the web build keeps no more of it either). */
export type DeclaredCall = Pick<CallDeclaration, 'method' | 'path' | 'access'> & Partial<CallDeclaration>;

/** The staff roles a guard can require; `public` and `any` calls have no role guard. */
export type GuardedAccess = Extract<Access, 'viewer' | 'admin'>;

/** The guard a service puts before a call declared for a role: a valid staff token of at least that role. */
export type GuardFor = (access: GuardedAccess) => RequestHandler[];

const GUARDS = Symbol.for('mmdm.guards');

/** Marks `handler` as a staff guard of `access` (requireStaff does), so declaredRoutes can tell a second one apart. */
export function markGuard<H extends RequestHandler>(handler: H, access: GuardedAccess): H {
  return Object.assign(handler, { [GUARDS]: access });
}

const guardOf = (handler: RequestHandler): GuardedAccess | undefined =>
  (handler as RequestHandler & { [GUARDS]?: GuardedAccess })[GUARDS];

/** Registers `handlers` for a declared call: its guard, then the route's own middleware, `validate`, the handler. */
export type RegisterCall = ((call: DeclaredCall, ...handlers: RequestHandler[]) => void) & {
  /**
   * The same without the `validate` step: for a handler that must read the request before its shape is judged
   * (the lean sign-up parses after its checks; the SES webhook refuses an unsigned message before a malformed one;
   * the unsubscribe link's GET opens whatever it holds). It parses with the declaration's schemas itself.
   */
  unvalidated: (call: DeclaredCall, ...handlers: RequestHandler[]) => void;
};

export interface DeclaredRoutesOptions {
  /** The service's staff guard: put before each call declared `viewer` or `admin`, with the declared role. */
  guard?: GuardFor;
}

/**
 * Registers calls declared in `@mmdm/contracts/calls` on a router mounted at `mountedAt` (`''` for the app's root):
 * the method and the path come from the declaration, the path made relative to the mount and put in Express's
 * `:name` form. The declaration's `access` decides who may call, here and nowhere else: a `viewer` or `admin` call
 * gets `options.guard` of that role first, and may hold no staff guard of its own (a second copy of the decision,
 * free to disagree with it); a `public` call may hold none either; an `any` call (any staff session, or an enrolment
 * token, or a check that answers in its own shape) brings its own check. The declaration's params, query and body
 * are parsed by `validate` just before the last handler, so a request meets the guard (401, then 403), then the
 * route's own middleware, then validation (400), then the handler. A call outside the mount, a staff call without
 * `options.guard` or a route with its own staff guard fails at start-up, not in production.
 */
export function declaredRoutes(router: Router, mountedAt = '', options: DeclaredRoutesOptions = {}): RegisterCall {
  const register = (call: DeclaredCall, handlers: RequestHandler[], validated: boolean) => {
    const name = `${call.method.toUpperCase()} ${call.path}`;
    if (!call.path.startsWith(`${mountedAt}/`)) {
      throw new Error(`${name} is not under ${mountedAt}: register it elsewhere`);
    }
    const guards = handlers.map(guardOf).filter((access) => access !== undefined);
    if (call.access !== 'any' && guards.length > 0) {
      throw new Error(
        `${name} is declared ${call.access} but registered behind its own ${guards.join(', ')} guard: ` +
          'the declaration decides who may call it',
      );
    }
    let chain = handlers;
    if (call.access === 'viewer' || call.access === 'admin') {
      if (!options.guard) throw new Error(`${name} is declared ${call.access} but its router has no staff guard`);
      chain = [...options.guard(call.access), ...handlers];
    }
    if (validated && chain.length > 0) chain = [...chain.slice(0, -1), validate(call), ...chain.slice(-1)];
    router[call.method](expressPath(call.path.slice(mountedAt.length)), ...chain);
  };
  return Object.assign((call: DeclaredCall, ...handlers: RequestHandler[]) => register(call, handlers, true), {
    unvalidated: (call: DeclaredCall, ...handlers: RequestHandler[]) => register(call, handlers, false),
  });
}

/** A path segment's zod schema: its own, or a string of its JSON Schema's `pattern`. */
function segmentSchema(param: PathParam): Schema {
  if (isZodSchema(param.schema)) return param.schema;
  const { pattern } = param.schema as { pattern?: string };
  return pattern === undefined ? z.string() : z.string().regex(new RegExp(pattern));
}

const INPUT = Symbol.for('mmdm.declaredInput');

interface Input {
  call: DeclaredCall;
  params: Record<string, unknown>;
  query: unknown;
  body: unknown;
  extraBody: unknown;
}

/**
 * Parses a request with its call's declaration, in this order: the path's segments (one that does not parse is a 404
 * where the declaration says so: it names nothing), the body (the schema of its content type: `body` for JSON,
 * `extraBodies` for another, then in `extraBody`), then the query (a query declared `optional` only with a body of `extraBodies`). A
 * failure is the house's 400 `validation_error` (the error handler words it); what parsed is for `validated`.
 */
export function validate(call: DeclaredCall): RequestHandler {
  const params = Object.entries(call.params ?? {});
  const notFound = params.filter(([, param]) => param.notFound);
  const rest = params.filter(([, param]) => !param.notFound);
  const restSchema = rest.length > 0 ? z.object(Object.fromEntries(rest.map(([n, p]) => [n, segmentSchema(p)]))) : null;
  const extraBodies = Object.entries(call.extraBodies ?? {});

  return (req, res, next) => {
    const parsedParams: Record<string, unknown> = {};
    for (const [name, param] of notFound) {
      const segment = segmentSchema(param);
      const result = z.safeParse(segment, req.params[name]);
      if (!result.success) {
        const { code, message } = param.notFound as { code: string; message: string };
        throw new AppError(404, code, message);
      }
      parsedParams[name] = result.data;
    }
    if (restSchema) Object.assign(parsedParams, restSchema.parse(req.params));

    const extra = extraBodies.find(([type]) => req.is(type));
    const extraBody = extra ? z.parse(extra[1], req.body) : undefined;
    const body = !extra && call.body ? z.parse(call.body, req.body) : undefined;

    const parseQuery = call.query && (!call.query.optional || extra);
    const query = parseQuery ? z.parse(call.query!.schema, req.query) : undefined;

    (res.locals as Record<symbol, Input>)[INPUT] = { call, params: parsedParams, query, body, extraBody };
    next();
  };
}

type Output<S> = S extends Schema ? z.output<S> : undefined;
type ExtraOutput<C extends CallDeclaration> =
  C['extraBodies'] extends Record<string, Schema> ? Output<C['extraBodies'][keyof C['extraBodies']]> : never;

/** What `validate` parsed, typed by the declaration. */
export interface Validated<C extends CallDeclaration> {
  params: PathValues<C> extends undefined ? Record<string, never> : Record<keyof PathValues<C>, string>;
  query: C['query'] extends { schema: infer S } ? Output<S> : undefined;
  /** The JSON body (undefined when the request came with a body of `extraBodies`). */
  body: Output<C['body']>;
  /** A body of one of `extraBodies`, by its content type (undefined for JSON). */
  extraBody: ExtraOutput<C> | undefined;
}

/** The request of `call` as `validate` parsed it; only callable in the handler of a route registered for it. */
export function validated<C extends CallDeclaration>(call: C, res: Response): Validated<C> {
  const input = (res.locals as Record<symbol, Input | undefined>)[INPUT];
  if (input?.call !== call) throw new Error(`${call.method.toUpperCase()} ${call.path}: no validated request`);
  return input as unknown as Validated<C>;
}
