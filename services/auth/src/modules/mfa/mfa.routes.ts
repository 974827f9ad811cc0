import { Router, type Request, type RequestHandler } from 'express';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { AppError } from '@mmdm/shared/errors';
import {
  bearerToken,
  InvalidTokenError,
  RevocationUnavailableError,
  type StaffTokenVerifier,
} from '@mmdm/shared/tokens';
import {
  confirmTotpBody,
  mfaPolicyBody,
  passkeyOptionsBody,
  registerPasskeyBody,
  secondFactorBody,
  staffIdParam,
} from '@mmdm/contracts/auth';
import type { Revocation } from '../../core/revocation.js';
import { auditContextOf, currentAccount } from '../../core/staff-guard.js';
import type { StaffRepository } from '../../core/staff.repository.js';
import { ThrottleUnavailableError } from '../session/login-throttle.js';
import { InvalidMfaTokenError, type MfaTokens } from './mfa-tokens.js';
import type { MfaService } from './mfa.service.js';

export interface MfaRoutesDeps {
  mfa: MfaService;
  tokens: MfaTokens;
  verify: StaffTokenVerifier;
  staff: StaffRepository;
  revocation: Revocation;
  guard: (required?: 'admin' | 'viewer') => RequestHandler[];
}

const unavailable = () =>
  new AppError(503, 'unavailable', 'Sign-in is unavailable right now. Please try again in a minute.', undefined, {
    'Retry-After': '30',
  });

/** Redis holds the throttle, the revocation state and the ceremonies: without it the second factor fails closed. */
const mapUnavailable = (error: unknown) =>
  error instanceof ThrottleUnavailableError || error instanceof RevocationUnavailableError ? unavailable() : error;

const signInAgain = () => new AppError(401, 'unauthorized', 'Sign in to continue.');

const contextOf = (req: Request) => ({ ...auditContextOf(req), ip: req.ip ?? 'unknown' });

/** Async handler whose errors (and Redis trouble) go to the error middleware. */
const handle =
  (work: RequestHandler): RequestHandler =>
  async (req, res, next) => {
    try {
      await work(req, res, next);
    } catch (error) {
      next(mapUnavailable(error));
    }
  };

export function mfaRoutes({ mfa, tokens, verify, staff, revocation, guard }: MfaRoutesDeps): Router {
  const router = Router();

  /**
   * The enrolment routes take a staff session or an enrolment token (the password was right, a factor is required
   * and there is none yet). An enrolment token is nothing else: every other route refuses it.
   */
  const sessionOrEnrolment: RequestHandler = handle(async (req, _res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw signInAgain();
    try {
      const claims = await verify(token);
      const account = await staff.findById(claims.sub);
      if (!account || account.disabled || account.role !== claims.role) throw signInAgain();
      req.staff = claims;
      req.staffAccount = account;
      return next();
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
    }
    try {
      const claims = await tokens.verify('enrol', token);
      const account = await staff.findById(claims.sub);
      if (!account || account.disabled || (await revocation.currentGeneration(claims.sub)) !== claims.gen)
        throw signInAgain();
      req.staffAccount = account;
      next();
    } catch (error) {
      if (error instanceof InvalidMfaTokenError) throw signInAgain();
      throw error;
    }
  });

  router.post(
    '/login/second-factor',
    handle(async (req, res) => {
      res.json(await mfa.completeSignIn(secondFactorBody.parse(req.body), contextOf(req)));
    }),
  );

  router.post(
    '/login/passkey-options',
    handle(async (req, res) => {
      res.json(await mfa.passkeyOptions(passkeyOptionsBody.parse(req.body).mfaToken));
    }),
  );

  router.get(
    '/me/mfa',
    sessionOrEnrolment,
    handle(async (req, res) => {
      res.json(await mfa.status(currentAccount(req)));
    }),
  );

  router.post(
    '/me/mfa/totp',
    sessionOrEnrolment,
    handle(async (req, res) => {
      res.json(await mfa.beginTotp(currentAccount(req)));
    }),
  );

  router.post(
    '/me/mfa/totp/confirm',
    sessionOrEnrolment,
    handle(async (req, res) => {
      const { code } = confirmTotpBody.parse(req.body);
      res.json(await mfa.confirmTotp(currentAccount(req), code, auditContextOf(req)));
    }),
  );

  router.delete(
    '/me/mfa/totp',
    ...guard('viewer'),
    handle(async (req, res) => {
      await mfa.removeTotp(currentAccount(req), auditContextOf(req));
      res.status(204).end();
    }),
  );

  router.post(
    '/me/mfa/passkeys/options',
    sessionOrEnrolment,
    handle(async (req, res) => {
      res.json(await mfa.passkeyRegistrationOptions(currentAccount(req)));
    }),
  );

  router.post(
    '/me/mfa/passkeys',
    sessionOrEnrolment,
    handle(async (req, res) => {
      const { name, response } = registerPasskeyBody.parse(req.body);
      // Shape checked by the contract; the signature, origin, RP ID and challenge by @simplewebauthn/server.
      const registration = response as unknown as RegistrationResponseJSON;
      res.json(await mfa.registerPasskey(currentAccount(req), { name, response: registration }, auditContextOf(req)));
    }),
  );

  router.delete(
    '/me/mfa/passkeys/:id',
    ...guard('viewer'),
    handle(async (req, res) => {
      const id = staffIdParam.safeParse(req.params.id);
      if (!id.success) throw new AppError(404, 'not_found', 'No such passkey.');
      await mfa.removePasskey(currentAccount(req), id.data, auditContextOf(req));
      res.status(204).end();
    }),
  );

  router.post(
    '/me/mfa/recovery-codes',
    ...guard('viewer'),
    handle(async (req, res) => {
      res.json({ recoveryCodes: await mfa.regenerateRecoveryCodes(currentAccount(req), auditContextOf(req)) });
    }),
  );

  router.get(
    '/mfa/policy',
    ...guard('admin'),
    handle(async (_req, res) => {
      res.json(await mfa.policy());
    }),
  );

  router.put(
    '/mfa/policy',
    ...guard('admin'),
    handle(async (req, res) => {
      const { required } = mfaPolicyBody.parse(req.body);
      res.json(await mfa.setPolicy(currentAccount(req), required, auditContextOf(req)));
    }),
  );

  router.get(
    '/mfa/staff',
    ...guard('admin'),
    handle(async (_req, res) => {
      res.json({ items: await mfa.staffFactors() });
    }),
  );

  router.post(
    '/mfa/staff/:id/reset',
    ...guard('admin'),
    handle(async (req, res) => {
      const id = staffIdParam.safeParse(req.params.id);
      if (!id.success) throw new AppError(404, 'staff_not_found', 'No staff account with this id.');
      await mfa.reset(currentAccount(req), id.data, auditContextOf(req));
      res.status(204).end();
    }),
  );

  return router;
}
