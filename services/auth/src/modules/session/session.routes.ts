import { AppError } from '@mmdm/shared/errors';
import { bearerToken } from '@mmdm/shared/tokens';
import { Router } from 'express';
import { auditContextOf, currentAccount, currentClaims, type StaffGuard } from '../staff/staff.guard.js';
import { publicAccount } from '../staff/staff.service.js';
import type { SessionService } from './session.service.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/staff-auth';
import { STAFF_API_PREFIX } from '@mmdm/contracts/calls/define-call';

export interface SessionRoutesDeps {
  sessions: SessionService;
  guard: StaffGuard;
}

export function sessionRoutes({ sessions, guard }: SessionRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router, STAFF_API_PREFIX, { guard });

  route(calls.login, async (req, res) => {
    const { body } = validated(calls.login, res);
    const context = { ...auditContextOf(req), ip: req.ip ?? 'unknown' };
    res.json(await sessions.login(body, context));
  });

  /** What the panel's guard and other services ask: is this token good right now, and for which role? */
  route(calls.verifyToken, async (req, res) => {
    const token = bearerToken(req.headers.authorization);
    let session;
    try {
      session = token ? await sessions.verify(token) : undefined;
    } catch (error) {
      // A sound session that no longer meets the second-factor policy: said apart, with the same shape.
      if (!(error instanceof AppError) || error.status !== 401) throw error;
      res.status(401).json({ valid: false, success: false, code: error.code, message: error.message });
      return;
    }
    if (!session) {
      res.status(401).json({ valid: false, success: false, code: 'invalid_token', message: 'Sign in to continue.' });
      return;
    }
    res.json(session);
  });

  route(calls.logout, ...guard('viewer'), async (req, res) => {
    await sessions.logout(currentClaims(req), currentAccount(req), auditContextOf(req));
    res.status(204).end();
  });

  route(calls.getOwnAccount, (req, res) => {
    res.json(publicAccount(currentAccount(req)));
  });

  route(calls.changeOwnPassword, async (req, res) => {
    const { body } = validated(calls.changeOwnPassword, res);
    const context = { ...auditContextOf(req), ip: req.ip ?? 'unknown' };
    await sessions.changePassword(currentClaims(req), currentAccount(req), body, context);
    res.status(204).end();
  });

  return router;
}
