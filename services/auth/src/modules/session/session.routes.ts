import { changePasswordBody, loginBody } from '@mmdm/contracts/auth';
import { AppError } from '@mmdm/shared/errors';
import { bearerToken, RevocationUnavailableError } from '@mmdm/shared/tokens';
import { Router } from 'express';
import { auditContextOf, currentAccount, currentClaims, type StaffGuard } from '../staff/staff.guard.js';
import { publicAccount } from '../staff/staff.service.js';
import { ThrottleUnavailableError } from './login-throttle.js';
import type { SessionService } from './session.service.js';

export interface SessionRoutesDeps {
  sessions: SessionService;
  guard: StaffGuard;
}

const signInUnavailable = () =>
  new AppError(503, 'unavailable', 'Sign-in is unavailable right now. Please try again in a minute.', undefined, {
    'Retry-After': '30',
  });

/** The login limiter and revocation store live in Redis: without it nobody signs in (fail closed). */
function unlessUnavailable<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    throw error instanceof ThrottleUnavailableError || error instanceof RevocationUnavailableError
      ? signInUnavailable()
      : error;
  });
}

export function sessionRoutes({ sessions, guard }: SessionRoutesDeps): Router {
  const router = Router();

  router.post('/login', async (req, res) => {
    const body = loginBody.parse(req.body);
    const context = { ...auditContextOf(req), ip: req.ip ?? 'unknown' };
    res.json(await unlessUnavailable(sessions.login(body, context)));
  });

  /** What the panel's guard and other services ask: is this token good right now, and for which role? */
  router.get('/verify', async (req, res) => {
    const token = bearerToken(req.headers.authorization);
    const session = token ? await unlessUnavailable(sessions.verify(token)) : undefined;
    if (!session) {
      res.status(401).json({ valid: false, success: false, code: 'invalid_token', message: 'Sign in to continue.' });
      return;
    }
    res.json(session);
  });

  router.post('/logout', ...guard('viewer'), async (req, res) => {
    await unlessUnavailable(sessions.logout(currentClaims(req), currentAccount(req), auditContextOf(req)));
    res.status(204).end();
  });

  router.get('/me', ...guard('viewer'), (req, res) => {
    res.json(publicAccount(currentAccount(req)));
  });

  router.post('/me/password', ...guard('viewer'), async (req, res) => {
    const body = changePasswordBody.parse(req.body);
    const context = { ...auditContextOf(req), ip: req.ip ?? 'unknown' };
    await unlessUnavailable(sessions.changePassword(currentClaims(req), currentAccount(req), body, context));
    res.status(204).end();
  });

  return router;
}
