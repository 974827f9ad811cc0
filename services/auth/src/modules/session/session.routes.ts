import { Router, type RequestHandler } from 'express';
import { AppError } from '@mmdm/shared/errors';
import { bearerToken, InvalidTokenError, RevocationUnavailableError, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { auditContextOf, currentAccount, currentClaims } from '../../core/staff-guard.js';
import type { StaffRepository } from '../../core/staff.repository.js';
import { publicAccount } from '../../core/staff-view.js';
import { ThrottleUnavailableError } from './login-throttle.js';
import { changePasswordBody, loginBody } from '@mmdm/contracts/auth';
import type { SessionService } from './session.service.js';

export interface SessionRoutesDeps {
  sessions: SessionService;
  verify: StaffTokenVerifier;
  staff: StaffRepository;
  guard: (required?: 'admin' | 'viewer') => RequestHandler[];
}

const signInUnavailable = () =>
  new AppError(503, 'unavailable', 'Sign-in is unavailable right now. Please try again in a minute.', undefined, { 'Retry-After': '30' });

/** The login limiter and revocation store live in Redis: without it nobody signs in (fail closed). */
function mapUnavailable(error: unknown): unknown {
  return error instanceof ThrottleUnavailableError || error instanceof RevocationUnavailableError ? signInUnavailable() : error;
}

export function sessionRoutes({ sessions, verify, staff, guard }: SessionRoutesDeps): Router {
  const router = Router();

  router.post('/login', async (req, res, next) => {
    try {
      const body = loginBody.parse(req.body);
      const context = { ...auditContextOf(req), ip: req.ip ?? 'unknown' };
      res.json(await sessions.login(body, context));
    } catch (error) {
      next(mapUnavailable(error));
    }
  });

  /** What the panel's guard and other services ask: is this token good right now, and for which role? */
  router.get('/verify', async (req, res, next) => {
    const invalid = () =>
      res.status(401).json({ valid: false, success: false, code: 'invalid_token', message: 'Sign in to continue.' });
    const token = bearerToken(req.headers.authorization);
    if (!token) return void invalid();
    try {
      const claims = await verify(token);
      const account = await staff.findById(claims.sub);
      if (!account || account.disabled || account.role !== claims.role) return void invalid();
      res.json({ valid: true, role: claims.role, sub: claims.sub, email: account.email });
    } catch (error) {
      if (error instanceof InvalidTokenError) return void invalid();
      next(mapUnavailable(error));
    }
  });

  router.post('/logout', ...guard('viewer'), async (req, res, next) => {
    try {
      await sessions.logout(currentClaims(req), currentAccount(req), auditContextOf(req));
      res.status(204).end();
    } catch (error) {
      next(mapUnavailable(error));
    }
  });

  router.get('/me', ...guard('viewer'), (req, res) => {
    res.json(publicAccount(currentAccount(req)));
  });

  router.post('/me/password', ...guard('viewer'), async (req, res, next) => {
    try {
      const body = changePasswordBody.parse(req.body);
      await sessions.changePassword(currentClaims(req), currentAccount(req), body, { ...auditContextOf(req), ip: req.ip ?? 'unknown' });
      res.status(204).end();
    } catch (error) {
      next(mapUnavailable(error));
    }
  });

  return router;
}
