// Mail providers' bounce and complaint webhooks. Never bundled by the web app (full zod).
import { defineCall, BODY_ERRORS, ok } from './define-call.js';
import { mailHookAnswer, postmarkEventSchema, snsMessageSchema } from '../mail-feeds.js';

export const sesNotification = defineCall({
  method: 'post',
  path: '/waitlist/hooks/ses',
  operationId: 'sesNotification',
  tag: 'mail-hooks',
  access: 'public',
  summary: 'Amazon SES bounces and complaints through SNS',
  description:
    'An SNS HTTPS subscription of the SES notification topic (SES_SNS_TOPIC_ARNS). Every message must carry a valid SNS signature (SignatureVersion 1 or 2) with its certificate on `sns.<region>.amazonaws.com`; a SubscriptionConfirmation is confirmed by fetching its SubscribeURL on that host. Bounce Permanent suppresses the address as a hard bounce, Transient counts as a soft bounce, Complaint suppresses it as a complaint; a message already applied changes nothing. 404 unless configured.',
  body: snsMessageSchema,
  extraBodies: { 'text/plain': snsMessageSchema },
  answers: ok('Recorded, confirmed, or nothing to record.', mailHookAnswer),
  errors: [...BODY_ERRORS, 401, 403, 404, 503],
});

export const postmarkWebhook = defineCall({
  method: 'post',
  path: '/waitlist/hooks/postmark',
  operationId: 'postmarkWebhook',
  tag: 'mail-hooks',
  access: 'public',
  summary: 'Postmark bounces and spam complaints',
  description:
    'Authenticated by HTTP Basic credentials (POSTMARK_WEBHOOK_USER and POSTMARK_WEBHOOK_PASSWORD, written into the webhook URL at Postmark), optionally only from POSTMARK_WEBHOOK_IPS. Bounce HardBounce or BadEmailAddress suppresses the address as a hard bounce, SoftBounce counts as a soft bounce, SpamComplaint suppresses it as a complaint; other records are accepted and ignored. 404 unless configured.',
  security: 'postmarkBasic',
  body: postmarkEventSchema,
  answers: ok('Recorded, or nothing to record.', mailHookAnswer),
  errors: [...BODY_ERRORS, 401, 403, 404],
});

/** In the order the document lists them. */
export const MAIL_HOOK_CALLS = [sesNotification, postmarkWebhook] as const;
