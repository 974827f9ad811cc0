import { signupBody } from '@mmdm/contracts/waitlist';
import { WEB_PATHS } from '@mmdm/contracts/web-paths';
import { clientKeyOf } from '@mmdm/shared/client-address';
import { jsonBody } from '@mmdm/shared/http';
import express, { Router } from 'express';
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { ClientRateLimiter } from '../../lib/rate-limit.js';
import type { ClientPace, SignupGuard, SignupOrigin } from '../abuse/abuse.guard.js';
import { requestId } from '@mmdm/shared/request-id';
import type { SignupService } from './signup.service.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/waitlist';

export interface SignupRoutesDeps {
  service: SignupService;
  signupLimiter: ClientRateLimiter;
  /** The abuse defences (honeypot, proof of work, throwaway domains); wired in by the app. */
  guard?: SignupGuard;
  /** The proof of work a client's own pace asks for past its free sign-ups (SIGNUP_WORK_AFTER). */
  pace?: ClientPace;
}

const UNSUBSCRIBED = { success: true, message: 'You are unsubscribed. We will not e-mail you again.' } as const;
const JOINED = { success: true, message: 'Successfully joined the waitlist!' } as const;

/** The sign-up's body limit: an address and a referral code are far below it. */
export const SIGNUP_BODY_LIMIT = '4kb';

type TrustRule = Parameters<typeof proxyaddr>[1];

/**
 * Who is signing up, for the rate limit and the abuse defences: the client address by the app's `trust proxy` rule
 * (exactly what Express's `req.ip` computes: the gateway's X-Forwarded-For when the gateway sent it, else the socket
 * peer) and the user agent. Both routes call this, so they can never disagree about a client.
 */
export function signupOriginOf(req: IncomingMessage, trust: TrustRule): SignupOrigin {
  return {
    address: proxyaddr(req, trust) || req.socket.remoteAddress || 'unknown',
    userAgent: req.headers['user-agent'] ?? '',
  };
}

export type SignupCall = (body: unknown, origin: SignupOrigin, id: string) => Promise<object>;

/**
 * The sign-up itself, from a parsed body to the answer's body. The Express route below and the lean route
 * (signup.lean-route.ts) both run exactly this, so a check every sign-up must pass belongs here and holds on both.
 */
export function createSignupCall({ service, signupLimiter, guard, pace }: SignupRoutesDeps): SignupCall {
  return async (body, origin, id) => {
    const input = signupBody.parse(body);
    // Per client: an IPv6 host's whole /64, which it can roam at will (@mmdm/shared/client-address).
    const count = await signupLimiter.consume(clientKeyOf(origin.address));
    const verdict = await guard?.check(input, origin, pace?.levelAt(count) ?? 0);
    // A filled honeypot is a bot: it gets the very answer a person gets, and nothing is written.
    if (!verdict?.discard) {
      await service.signUp(input, id, verdict?.marks).catch(async (error: unknown) => {
        await verdict?.undo();
        throw error;
      });
    }
    // Same status and bytes for a new and a known address: nobody learns who is on the list.
    return { ...JOINED, data: { email: input.email } };
  };
}

export function signupRoutes(deps: SignupRoutesDeps): Router {
  const { service } = deps;
  const router = Router();
  const route = declaredRoutes(router);
  const json = jsonBody(SIGNUP_BODY_LIMIT);
  const signUp = createSignupCall(deps);

  route.unvalidated(calls.joinWaitlist, ...json, async (req, res) => {
    const origin = signupOriginOf(req, req.app.get('trust proxy fn') as TrustRule);
    res.status(200).json(await signUp(req.body, origin, requestId(req)));
  });

  // Read-only: what the confirmation page shows before it asks for the click, and again when the link is reopened.
  // Link scanners fetch links and run their pages' scripts, so only the POST below, sent by the click, confirms.
  route(calls.getConfirmationStatus, async (req, res) => {
    const { token } = validated(calls.getConfirmationStatus, res).query;
    const data = await service.confirmationStatus(token);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, data });
  });

  route(calls.confirmSignup, ...json, async (req, res) => {
    const { token } = validated(calls.confirmSignup, res).body;
    const data = await service.confirm(token, requestId(req));
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, message: 'Your address is confirmed. Welcome to the waitlist!', data });
  });

  route(calls.resendConfirmation, ...json, async (req, res) => {
    const { token } = validated(calls.resendConfirmation, res).body;
    await service.resend(token, requestId(req));
    res.json({ success: true, message: 'If this address still needs confirming, a new e-mail is on its way.' });
  });

  // RFC 8058 one-click: mail providers POST the form body `List-Unsubscribe=One-Click` to the URL in the header.
  // Form bodies are accepted on this route only; everything else falls through to the JSON variant below.
  const oneClickForm = express.urlencoded({
    extended: false,
    limit: '4kb',
    type: 'application/x-www-form-urlencoded',
    inflate: false, // a compressed form body is refused with 415, as JSON bodies are
  });
  route(
    calls.unsubscribe,
    (req, _res, next) => next(req.is('application/x-www-form-urlencoded') ? undefined : 'route'),
    oneClickForm,
    async (req, res) => {
      // validate read the form body and the query with the declaration's one-click schemas.
      const { query } = validated(calls.unsubscribe, res);
      await service.unsubscribe(query.token);
      res.json(UNSUBSCRIBED);
    },
  );
  route(calls.unsubscribe, ...json, async (req, res) => {
    const { token } = validated(calls.unsubscribe, res).body;
    await service.unsubscribe(token);
    res.json(UNSUBSCRIBED);
  });

  route(calls.getUnsubscribeLink, async (req, res) => {
    const { token } = validated(calls.getUnsubscribeLink, res).query;
    const data = await service.unsubscribeLink(token);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, data });
  });

  // A GET never changes state (mail scanners fetch links): send the person to the page that asks and POSTs.
  route.unvalidated(calls.openUnsubscribeLink, (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    res.redirect(303, `${WEB_PATHS.unsubscribe}?token=${encodeURIComponent(token)}`);
  });

  return router;
}
