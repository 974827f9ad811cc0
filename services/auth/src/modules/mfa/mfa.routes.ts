import { Router, type Request, type RequestHandler } from 'express';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { AppError } from '@mmdm/shared/errors';
import {
  bearerToken,
  InvalidTokenError,
  RevocationUnavailableError,
  SecondFactorRequiredError,
  secondFactorRequired,
  type StaffTokenVerifier,
} from '@mmdm/shared/tokens';
import type { Revocation } from '../../lib/revocation.js';
import { auditContextOf, currentAccount, currentClaims, type StaffGuard } from '../staff/staff.guard.js';
import type { StaffService } from '../staff/staff.service.js';
import { ThrottleUnavailableError } from '../session/session.service.js';
import { InvalidMfaTokenError, type MfaTokens } from './mfa-tokens.js';
import type { MfaService } from './mfa.service.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/staff-mfa';
import { STAFF_API_PREFIX } from '@mmdm/contracts/calls/define-call';

export interface MfaRoutesDeps {
  mfa: MfaService;
  tokens: MfaTokens;
  verify: StaffTokenVerifier;
  staff: StaffService;
  revocation: Revocation;
  guard: StaffGuard;
}

const unavailable = () =>
  new AppError(503, 'unavailable', 'Sign-in is unavailable right now. Please try again in a minute.', undefined, {
    'Retry-After': '30',
  });

/** Redis holds the throttle, the revocation state and the ceremonies: without it the second factor fails closed. */
function unlessUnavailable<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    throw error instanceof ThrottleUnavailableError || error instanceof RevocationUnavailableError
      ? unavailable()
      : error;
  });
}

const signInAgain = () => new AppError(401, 'unauthorized', 'Sign in to continue.');

const contextOf = (req: Request) => ({ ...auditContextOf(req), ip: req.ip ?? 'unknown' });

export function mfaRoutes({ mfa, tokens, verify, staff, revocation, guard }: MfaRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router, STAFF_API_PREFIX, { guard });

  /**
   * The enrolment routes take a staff session or an enrolment token (the password was right, a factor is required
   * and there is none yet). An enrolment token is nothing else: every other route refuses it.
   */
  const sessionOrEnrolment: RequestHandler = async (req, _res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw signInAgain();
    try {
      const claims = await unlessUnavailable(verify(token));
      const account = await staff.findById(claims.sub);
      if (!account || account.disabled || account.role !== claims.role) throw signInAgain();
      req.staff = claims;
      req.staffAccount = account;
      return next();
    } catch (error) {
      if (error instanceof SecondFactorRequiredError) throw secondFactorRequired();
      if (!(error instanceof InvalidTokenError)) throw error;
    }
    try {
      const claims = await tokens.verify('enrol', token);
      const account = await staff.findById(claims.sub);
      const generation = await unlessUnavailable(revocation.currentGeneration(claims.sub));
      if (!account || account.disabled || generation !== claims.gen) throw signInAgain();
      req.staffAccount = account;
      next();
    } catch (error) {
      if (error instanceof InvalidMfaTokenError) throw signInAgain();
      throw error;
    }
  };

  route(calls.completeSignIn, async (req, res) => {
    res.json(await unlessUnavailable(mfa.completeSignIn(validated(calls.completeSignIn, res).body, contextOf(req))));
  });

  route(calls.getSignInPasskeyOptions, async (req, res) => {
    res.json(await unlessUnavailable(mfa.passkeyOptions(validated(calls.getSignInPasskeyOptions, res).body.mfaToken)));
  });

  route(calls.getOwnSecondFactors, sessionOrEnrolment, async (req, res) => {
    res.json(await unlessUnavailable(mfa.status(currentAccount(req))));
  });

  route(calls.beginTotpEnrolment, sessionOrEnrolment, async (req, res) => {
    res.json(await unlessUnavailable(mfa.beginTotp(currentAccount(req), req.staff)));
  });

  route(calls.confirmTotpEnrolment, sessionOrEnrolment, async (req, res) => {
    const { code } = validated(calls.confirmTotpEnrolment, res).body;
    res.json(await unlessUnavailable(mfa.confirmTotp(currentAccount(req), req.staff, code, auditContextOf(req))));
  });

  route(calls.removeTotp, async (req, res) => {
    await unlessUnavailable(mfa.removeTotp(currentAccount(req), currentClaims(req), auditContextOf(req)));
    res.status(204).end();
  });

  route(calls.getPasskeyRegistrationOptions, sessionOrEnrolment, async (req, res) => {
    res.json(await unlessUnavailable(mfa.passkeyRegistrationOptions(currentAccount(req), req.staff)));
  });

  route(calls.registerPasskey, sessionOrEnrolment, async (req, res) => {
    const { name, response } = validated(calls.registerPasskey, res).body;
    // Shape checked by the contract; the signature, origin, RP ID and challenge by @simplewebauthn/server.
    const registration = response as unknown as RegistrationResponseJSON;
    res.json(
      await unlessUnavailable(
        mfa.registerPasskey(currentAccount(req), req.staff, { name, response: registration }, auditContextOf(req)),
      ),
    );
  });

  route(calls.removePasskey, async (req, res) => {
    const { id } = validated(calls.removePasskey, res).params;
    await unlessUnavailable(mfa.removePasskey(currentAccount(req), currentClaims(req), id, auditContextOf(req)));
    res.status(204).end();
  });

  route(calls.renewRecoveryCodes, async (req, res) => {
    res.json({
      recoveryCodes: await unlessUnavailable(
        mfa.regenerateRecoveryCodes(currentAccount(req), currentClaims(req), auditContextOf(req)),
      ),
    });
  });

  route(calls.reauthenticate, async (req, res) => {
    const body = validated(calls.reauthenticate, res).body;
    res.json(
      await unlessUnavailable(mfa.reauthenticate(currentAccount(req), currentClaims(req), body, contextOf(req))),
    );
  });

  route(calls.getSecondFactorPolicy, async (_req, res) => {
    res.json(await unlessUnavailable(mfa.policy()));
  });

  route(calls.setSecondFactorPolicy, async (req, res) => {
    const { required } = validated(calls.setSecondFactorPolicy, res).body;
    res.json(await unlessUnavailable(mfa.setPolicy(currentAccount(req), required, auditContextOf(req))));
  });

  route(calls.listStaffSecondFactors, async (_req, res) => {
    res.json({ items: await mfa.staffFactors() });
  });

  route(calls.resetStaffSecondFactor, async (req, res) => {
    await unlessUnavailable(
      mfa.reset(currentAccount(req), validated(calls.resetStaffSecondFactor, res).params.id, auditContextOf(req)),
    );
    res.status(204).end();
  });

  return router;
}
