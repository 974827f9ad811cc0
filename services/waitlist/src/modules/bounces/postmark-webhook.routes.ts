import { type PostmarkEvent } from '@mmdm/contracts/mail-feeds';
import { AppError } from '@mmdm/shared/errors';
import { jsonBody } from '@mmdm/shared/http';
import { Router, type RequestHandler } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { BounceReport } from './bounce-report.js';
import type { BounceService } from './bounces.service.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/mail-hooks';

export interface PostmarkWebhookDeps {
  service: BounceService;
  user: string;
  password: string;
  /** When not empty, the only client addresses accepted (Postmark publishes the ones its webhooks come from). */
  allowedIps: string[];
}

/** Equal in constant time: both sides hashed first, so neither the length nor a prefix leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** `Basic base64(user:password)` → the pair; undefined when the header is absent or not Basic. */
function basicCredentials(header: string | undefined): { user: string; password: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** `::ffff:10.0.0.1` and `10.0.0.1` are the same client. */
const plainIp = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

/**
 * Postmark signs nothing: its webhooks authenticate with HTTP Basic credentials written into the webhook URL
 * (https://user:password@host/waitlist/hooks/postmark), optionally narrowed to Postmark's published addresses.
 */
function postmarkAuth({ user, password, allowedIps }: PostmarkWebhookDeps): RequestHandler {
  const allowed = new Set(allowedIps.map(plainIp));
  return (req, res, next) => {
    const credentials = basicCredentials(req.headers.authorization);
    // Both compared every time, so a wrong user name answers as fast as a wrong password.
    const userOk = sameSecret(credentials?.user ?? '', user);
    const passwordOk = sameSecret(credentials?.password ?? '', password);
    if (!credentials || !userOk || !passwordOk) {
      res.setHeader('WWW-Authenticate', 'Basic realm="postmark-webhook", charset="UTF-8"');
      next(new AppError(401, 'unauthorized', 'The webhook credentials are missing or wrong.'));
      return;
    }
    if (allowed.size > 0 && !allowed.has(plainIp(req.ip ?? ''))) {
      next(new AppError(403, 'forbidden', 'Webhooks are not accepted from this address.'));
      return;
    }
    next();
  };
}

/** Postmark bounce types (postmarkapp.com/developer/api/bounce-api#bounce-types) and spam complaints. */
export function postmarkReports(event: PostmarkEvent): BounceReport[] {
  if (!event.Email) return [];
  const type = event.Type ?? event.RecordType;
  if (event.RecordType === 'SpamComplaint' || type === 'SpamComplaint')
    return [{ email: event.Email, kind: 'complaint', detail: 'SpamComplaint' }];
  if (event.RecordType !== 'Bounce') return [];
  if (type === 'HardBounce' || type === 'BadEmailAddress') return [{ email: event.Email, kind: 'hard', detail: type }];
  if (type === 'SoftBounce') return [{ email: event.Email, kind: 'soft', detail: type }];
  return [];
}

/** POST /waitlist/hooks/postmark: Bounce (HardBounce → hard, SoftBounce → soft) and SpamComplaint webhooks. */
export function postmarkWebhookRoutes(deps: PostmarkWebhookDeps): Router {
  const router = Router();
  const route = declaredRoutes(router);
  route(calls.postmarkWebhook, postmarkAuth(deps), ...jsonBody('64kb'), async (req, res) => {
    const event = validated(calls.postmarkWebhook, res).body;
    const reports = postmarkReports(event);
    // Postmark retries a webhook that failed: its own record id makes the retry change nothing.
    const id = `${event.RecordType}:${String(event.ID ?? event.MessageID ?? createHash('sha256').update(JSON.stringify(req.body)).digest('hex'))}`;
    if (reports.length > 0) await deps.service.apply('postmark', id, reports);
    res.json({ success: true, message: reports.length > 0 ? 'Recorded.' : 'Nothing to record.' });
  });
  return router;
}
