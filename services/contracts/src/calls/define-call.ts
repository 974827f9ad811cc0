// Each call of the public and the staff API is declared once, here: method, path, the schemas of its parameters,
// query, body and answers, the errors it can answer and who may make it. The OpenAPI document, the web app's
// fetchers and the services' route registration are all derived from these declarations (decision record 033).
// Plain data on purpose: the public pages bundle the declarations of their own calls, so nothing here may pull in
// full zod or run code at import (JSON Schema is made from the schemas only when the document is built).
import type { z } from 'zod/mini';

/** Any zod schema, classic or mini: the contracts use both. */
export type Schema = z.core.$ZodType;
type JsonObject = Record<string, unknown>;

/** Where the staff API lives: the auth and the waitlist service mount their staff routers here. */
export const STAFF_API_PREFIX = '/api/admin';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may make the call: anyone, or a staff token of at least this role (`any`: any valid staff token). */
export type Access = 'public' | 'viewer' | 'admin' | 'any';

/** The error statuses a call can answer; every one answers `ApiError` (described once, in the document). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 410 | 413 | 415 | 429 | 500 | 503;

export type CallTag =
  | 'waitlist'
  | 'launch'
  | 'privacy'
  | 'contact'
  | 'mail-hooks'
  | 'staff-auth'
  | 'staff-waitlist'
  | 'staff-launch'
  | 'staff-review'
  | 'staff-messages'
  | 'staff-webhooks';

export interface Answer {
  description: string;
  /** JSON answer; absent for answers without a body (204, 303). */
  schema?: Schema;
  /** A body of another type (the CSV export). */
  content?: JsonObject;
  headers?: JsonObject;
}

/**
 * A `{name}` segment of the path: what it is, and its schema. A zod schema is what the service parses the segment
 * with (`validate` in `@mmdm/shared/declared-routes`) and what the document shows; a bare JSON Schema is shown as it
 * is and checked by its `pattern` only.
 */
export interface PathParam {
  description: string;
  schema: Schema | JsonObject;
  /** A segment that does not parse names nothing: the answer is 404 with this code and message, not a 400. */
  notFound?: { code: string; message: string };
}

/** The query string: its schema, and what the document says about each field. */
export interface QueryDeclaration {
  schema: Schema;
  descriptions?: Record<string, string>;
  /**
   * Every field optional in the document, and parsed only with a body of `extraBodies` (the one-click unsubscribe
   * carries its token in the query, the JSON variant in its body).
   */
  optional?: true;
  /** The document gives each field this JSON Schema instead of its own (a link that must open whatever it holds). */
  valueSchema?: JsonObject;
}

export interface CallDeclaration {
  method: HttpMethod;
  /** OpenAPI form: `/api/admin/staff/{id}`; the services register it as `/api/admin/staff/:id`. */
  path: string;
  operationId: string;
  tag: CallTag;
  summary: string;
  description: string;
  access: Access;
  /** Another security scheme of the document (a webhook's credentials). */
  security?: 'postmarkBasic';
  params?: Record<string, PathParam>;
  query?: QueryDeclaration;
  body?: Schema;
  /** More request body types besides JSON (RFC 8058 one-click, SNS's text/plain). */
  extraBodies?: Record<string, Schema>;
  answers: Record<number, Answer>;
  errors: readonly ErrorStatus[];
}

/** Declares a call; the identity, there for the type and so a declaration reads as one. */
/* @__NO_SIDE_EFFECTS__ */
export function defineCall<const C extends CallDeclaration>(call: C): C {
  return call;
}

/** Errors any call with a JSON body can answer before its own code runs. */
export const BODY_ERRORS = [400, 408, 413, 415] as const satisfies readonly ErrorStatus[];

/** Errors of every staff call: no token, a bad one, a dependency the check needs is down. */
/* @__NO_SIDE_EFFECTS__ */
export function staffErrors(role: 'admin' | 'viewer' | 'any'): ErrorStatus[] {
  return role === 'admin' ? [401, 403, 503] : [401, 503];
}

/** A 200 answer with a JSON body. */
/* @__NO_SIDE_EFFECTS__ */
export function ok<S extends Schema>(description: string, schema: S): { 200: { description: string; schema: S } } {
  return { 200: { description, schema } };
}

/**
 * A path segment: of digits (a database id), of `pattern`, or parsed with a zod `schema`; `notFound`: what a segment
 * that does not parse answers instead of a 400 (see PathParam).
 */
/* @__NO_SIDE_EFFECTS__ */
export function pathParam(
  description: string,
  schema: string | Schema = '^\\d{1,18}$',
  notFound?: PathParam['notFound'],
): PathParam {
  return {
    description,
    schema: typeof schema === 'string' ? { type: 'string', pattern: schema } : schema,
    ...(notFound ? { notFound } : {}),
  };
}

/** True for a zod schema (classic or mini), false for a bare JSON Schema. */
export function isZodSchema(schema: Schema | JsonObject): schema is Schema {
  return '_zod' in schema;
}

/** Express's form of a declared path: `{id}` becomes `:id`. */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The names of a declared path's `{name}` segments, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/** The values a call's path needs, by name. */
export type PathValues<C extends CallDeclaration> = [ParamNames<C['path']>] extends [never]
  ? undefined
  : Record<ParamNames<C['path']>, string | number>;

/** The path of one request: each `{name}` filled with its value, encoded. */
export function fillPath(path: string, values: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values?.[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}
