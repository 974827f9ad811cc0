import { expressPath, type CallDeclaration } from '@mmdm/contracts/calls/define-call';
import type { RequestHandler, Router } from 'express';

/** What registering needs of a declaration (the web build keeps no more of it either). */
export type DeclaredCall = Pick<CallDeclaration, 'method' | 'path'>;

/** Registers `handlers` for a declared call; the router's own guards and parsing stay in `handlers`. */
export type RegisterCall = (call: DeclaredCall, ...handlers: RequestHandler[]) => void;

/**
 * Registers calls declared in `@mmdm/contracts/calls` on a router mounted at `mountedAt` (`''` for the app's root):
 * the method and the path come from the declaration, the path made relative to the mount and put in Express's
 * `:name` form. A call outside the mount fails at start-up, not as a 404 in production.
 */
export function declaredRoutes(router: Router, mountedAt = ''): RegisterCall {
  return (call, ...handlers) => {
    if (!call.path.startsWith(`${mountedAt}/`)) {
      throw new Error(`${call.method.toUpperCase()} ${call.path} is not under ${mountedAt}: register it elsewhere`);
    }
    router[call.method](expressPath(call.path.slice(mountedAt.length)), ...handlers);
  };
}
