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
import { staffIdParam } from '@mmdm/contracts/auth';
import type { Revocation } from '../../lib/revocation.js';
import { auditContextOf, currentAccount, currentClaims, type StaffGuard } from '../staff/staff.guard.js';
import type { StaffService } from '../staff/staff.service.js';
import { ThrottleUnavailableError } from '../session/session.service.js';
import { InvalidMfaTokenError, type MfaTokens } from './mfa-tokens.js';
import type { MfaService } from './mfa.service.js';
import { declaredRoutes } from '@mmdm/shared/declared-routes';
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
  const route = declaredRoutes(router, STAFF_API_PREFIX);

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
    res.json(await unlessUnavailable(mfa.completeSignIn(calls.completeSignIn.body.parse(req.body), contextOf(req))));
  });

  route(calls.getSignInPasskeyOptions, async (req, res) => {
    res.json(await unlessUnavailable(mfa.passkeyOptions(calls.getSignInPasskeyOptions.body.parse(req.body).mfaToken)));
  });

  route(calls.getOwnSecondFactors, sessionOrEnrolment, async (req, res) => {
    res.json(await unlessUnavailable(mfa.status(currentAccount(req))));
  });

  route(calls.beginTotpEnrolment, sessionOrEnrolment, async (req, res) => {
    res.json(await unlessUnavailable(mfa.beginTotp(currentAccount(req), req.staff)));
  });

  route(calls.confirmTotpEnrolment, sessionOrEnrolment, async (req, res) => {
    const { code } = calls.confirmTotpEnrolment.body.parse(req.body);
    res.json(await unlessUnavailable(mfa.confirmTotp(currentAccount(req), req.staff, code, auditContextOf(req))));
  });

  route(calls.removeTotp, ...guard('viewer'), async (req, res) => {
    await unlessUnavailable(mfa.removeTotp(currentAccount(req), currentClaims(req), auditContextOf(req)));
    res.status(204).end();
  });

  route(calls.getPasskeyRegistrationOptions, sessionOrEnrolment, async (req, res) => {
    res.json(await unlessUnavailable(mfa.passkeyRegistrationOptions(currentAccount(req), req.staff)));
  });

  route(calls.registerPasskey, sessionOrEnrolment, async (req, res) => {
    const { name, response } = calls.registerPasskey.body.parse(req.body);
    // Shape checked by the contract; the signature, origin, RP ID and challenge by @simplewebauthn/server.
    const registration = response as unknown as RegistrationResponseJSON;
    res.json(
      await unlessUnavailable(
        mfa.registerPasskey(currentAccount(req), req.staff, { name, response: registration }, auditContextOf(req)),
      ),
    );
  });

  route(calls.removePasskey, ...guard('viewer'), async (req, res) => {
    const id = staffIdParam.safeParse(req.params.id);
    if (!id.success) throw new AppError(404, 'not_found', 'No such passkey.');
    await unlessUnavailable(mfa.removePasskey(currentAccount(req), currentClaims(req), id.data, auditContextOf(req)));
    res.status(204).end();
  });

  route(calls.renewRecoveryCodes, ...guard('viewer'), async (req, res) => {
    res.json({
      recoveryCodes: await unlessUnavailable(
        mfa.regenerateRecoveryCodes(currentAccount(req), currentClaims(req), auditContextOf(req)),
      ),
    });
  });

  route(calls.reauthenticate, ...guard('viewer'), async (req, res) => {
    const body = calls.reauthenticate.body.parse(req.body);
    res.json(
      await unlessUnavailable(mfa.reauthenticate(currentAccount(req), currentClaims(req), body, contextOf(req))),
    );
  });

  route(calls.getSecondFactorPolicy, ...guard('admin'), async (_req, res) => {
    res.json(await unlessUnavailable(mfa.policy()));
  });

  route(calls.setSecondFactorPolicy, ...guard('admin'), async (req, res) => {
    const { required } = calls.setSecondFactorPolicy.body.parse(req.body);
    res.json(await unlessUnavailable(mfa.setPolicy(currentAccount(req), required, auditContextOf(req))));
  });

  route(calls.listStaffSecondFactors, ...guard('admin'), async (_req, res) => {
    res.json({ items: await mfa.staffFactors() });
  });

  route(calls.resetStaffSecondFactor, ...guard('admin'), async (req, res) => {
    const id = staffIdParam.safeParse(req.params.id);
    if (!id.success) throw new AppError(404, 'staff_not_found', 'No staff account with this id.');
    await unlessUnavailable(mfa.reset(currentAccount(req), id.data, auditContextOf(req)));
    res.status(204).end();
  });

  return router;
}
