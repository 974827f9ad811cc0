import { sesNotificationSchema, type SesNotification } from '@mmdm/contracts/mail-feeds';
import { ERROR_CODES } from '@mmdm/contracts/error-codes';
import { AppError } from '@mmdm/shared/errors';
import type { Logger } from '@mmdm/shared/logger';
import express, { Router } from 'express';
import type { BounceReport } from './bounce-report.js';
import type { BounceService } from './bounces.service.js';
import { trustedSnsUrl, type AwsFetch, type SnsVerifier } from './sns-signature.js';
import { declaredRoutes } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/mail-hooks';

export interface SesWebhookDeps {
  service: BounceService;
  verifier: SnsVerifier;
  fetchAws: AwsFetch;
  /** The topics whose messages count: a valid signature proves SNS sent it, not that it is our topic. */
  topicArns: string[];
  logger: Logger;
}

/** SES bounce types (docs.aws.amazon.com/ses/latest/dg/notification-contents.html): Permanent is hard, Transient soft. */
export function sesReports(notification: SesNotification): BounceReport[] {
  const type = notification.notificationType ?? notification.eventType;
  if (type === 'Bounce' && notification.bounce) {
    const { bounceType, bounceSubType } = notification.bounce;
    const kind = bounceType === 'Permanent' ? 'hard' : bounceType === 'Transient' ? 'soft' : undefined;
    if (!kind) return [];
    return notification.bounce.bouncedRecipients.map((recipient) => ({
      email: recipient.emailAddress,
      kind,
      detail: `${bounceType}/${bounceSubType ?? '-'}${recipient.status ? ` ${recipient.status}` : ''}`,
    }));
  }
  if (type === 'Complaint' && notification.complaint) {
    const feedback = notification.complaint.complaintFeedbackType ?? 'complaint';
    return notification.complaint.complainedRecipients.map((recipient) => ({
      email: recipient.emailAddress,
      kind: 'complaint' as const,
      detail: feedback,
    }));
  }
  return [];
}

const refused = (status: 401 | 403, code: string, message: string) => new AppError(status, code, message);

/**
 * POST /waitlist/hooks/ses: Amazon SES notifications through an SNS topic's HTTPS subscription. Every message must
 * carry a valid SNS signature from one of SES_SNS_TOPIC_ARNS; a subscription is confirmed by fetching its
 * SubscribeURL only when that is on SNS's own host. Unsigned: 401; a bad signature, a foreign certificate host or
 * topic: 403; nothing changes either way.
 */
export function sesWebhookRoutes({ service, verifier, fetchAws, topicArns, logger }: SesWebhookDeps): Router {
  const router = Router();
  const route = declaredRoutes(router);
  // SNS POSTs JSON as text/plain; charset=UTF-8 (and sets x-amz-sns-message-type).
  const body = express.text({ type: ['text/plain', 'application/json'], limit: '256kb', inflate: false });

  // Unvalidated: an unsigned message is refused (401) before a malformed one; the shape is the declaration's.
  route.unvalidated(calls.sesNotification, body, async (req, res) => {
    let json: unknown;
    try {
      json = JSON.parse(typeof req.body === 'string' ? req.body : '');
    } catch {
      throw new AppError(400, 'invalid_json', 'The body is not an SNS message (JSON).');
    }
    const fields = json as { Signature?: unknown; SigningCertURL?: unknown } | null;
    if (!fields || typeof fields !== 'object' || !fields.Signature || !fields.SigningCertURL)
      throw refused(401, ERROR_CODES.signatureMissing, 'Only signed SNS messages are accepted.');
    const message = calls.sesNotification.extraBodies['text/plain'].parse(json);

    let verdict;
    try {
      verdict = await verifier.verify(message);
    } catch (error) {
      logger.warn({ err: error, certificate: message.SigningCertURL }, 'SNS signing certificate unavailable');
      throw new AppError(503, 'unavailable', 'The signing certificate could not be fetched; try again.');
    }
    if (verdict === 'untrusted_certificate_url')
      throw refused(403, ERROR_CODES.signatureInvalid, 'The signing certificate is not one SNS publishes.');
    if (verdict !== 'valid') throw refused(403, ERROR_CODES.signatureInvalid, 'The SNS signature does not verify.');
    if (!topicArns.includes(message.TopicArn))
      throw refused(403, ERROR_CODES.topicNotAllowed, 'Messages from this topic are not accepted.');

    if (message.Type === 'SubscriptionConfirmation') {
      const subscribe = trustedSnsUrl(message.SubscribeURL);
      if (!subscribe) throw refused(403, ERROR_CODES.signatureInvalid, 'The SubscribeURL is not on an SNS host.');
      try {
        await fetchAws(subscribe);
      } catch (error) {
        logger.warn({ err: error, topic: message.TopicArn }, 'SNS subscription could not be confirmed');
        throw new AppError(503, 'unavailable', 'The subscription could not be confirmed; SNS will ask again.');
      }
      logger.info({ topic: message.TopicArn }, 'SNS subscription confirmed');
      res.json({ success: true, message: 'Subscription confirmed.' });
      return;
    }
    if (message.Type === 'UnsubscribeConfirmation') {
      logger.warn({ topic: message.TopicArn }, 'SNS subscription ended: SES bounces no longer arrive here');
      res.json({ success: true, message: 'Noted.' });
      return;
    }

    let notification: unknown;
    try {
      notification = JSON.parse(message.Message);
    } catch {
      throw new AppError(400, 'invalid_json', 'The SNS Message is not an SES notification (JSON).');
    }
    const reports = sesReports(sesNotificationSchema.parse(notification));
    if (reports.length > 0) await service.apply('ses', message.MessageId, reports);
    res.json({ success: true, message: reports.length > 0 ? 'Recorded.' : 'Nothing to record.' });
  });

  return router;
}
