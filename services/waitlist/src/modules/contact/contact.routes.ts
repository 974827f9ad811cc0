import { jsonBody, noStore } from '@mmdm/shared/http';
import { requestId } from '@mmdm/shared/request-id';
import { Router, type Request } from 'express';
import type { ContactGuard } from '../abuse/abuse.guard.js';
import type { ContactService } from './contact.service.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/contact';

export interface ContactRoutesDeps {
  service: ContactService;
  /** The abuse defences (rate limit per network, honeypot, proof of work); wired in by the app. */
  guard: ContactGuard;
}

/** A message of the longest length in a three-byte script, with its proof of work, fits well within this. */
export const CONTACT_BODY_LIMIT = '32kb';

/** The same answer for a person and for a bot that filled the honeypot. */
export const MESSAGE_SENT = {
  success: true,
  message: 'Thank you! Your message has reached our team. We reply within two working days.',
} as const;

/** `req.ip` honours `trust proxy`: the gateway's X-Forwarded-For when the gateway sent it, else the socket peer. */
const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** Public: the contact form's call, and the proof of work it solves while the visitor types. */
export function contactRoutes({ service, guard }: ContactRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router);

  // Each challenge is spent once: a cached one would be refused as a replay.
  route(calls.getContactChallenge, noStore, async (req, res) => {
    res.json(await guard.challenge(clientAddress(req)));
  });

  route(calls.sendContactMessage, ...jsonBody(CONTACT_BODY_LIMIT), async (req, res) => {
    const input = validated(calls.sendContactMessage, res).body;
    const verdict = await guard.check(input, clientAddress(req));
    // A filled honeypot is a bot: it gets the very answer a person gets, and nothing is written.
    if (!verdict.discard) {
      await service.send(input, requestId(req)).catch(async (error: unknown) => {
        // The visitor's retry must not be refused as a replay of a solution we never used.
        await verdict.undo();
        throw error;
      });
    }
    res.json(MESSAGE_SENT);
  });

  return router;
}
