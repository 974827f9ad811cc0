// What the mail providers' webhooks send (Amazon SES through SNS, Postmark) and what the service answers them: the
// service parses every call with these, and the OpenAPI document describes the two routes from them.
import { z } from 'zod';

/**
 * An SNS HTTP(S) delivery (the JSON body SNS POSTs, as `text/plain`). The fields the signature covers are listed
 * with it (docs.aws.amazon.com/sns/latest/dg/sns-verify-signature-of-message.html).
 */
export const snsMessageSchema = z.object({
  Type: z.enum(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']),
  MessageId: z.string().min(1).max(200),
  TopicArn: z.string().min(1).max(300),
  Subject: z.string().max(1000).optional(),
  Message: z.string().max(262_144),
  Timestamp: z.string().min(1).max(40),
  SignatureVersion: z.enum(['1', '2']),
  Signature: z.string().min(1).max(2000),
  SigningCertURL: z.string().min(1).max(2000),
  SubscribeURL: z.string().max(2000).optional(),
  Token: z.string().max(2000).optional(),
  UnsubscribeURL: z.string().max(2000).optional(),
});
export type SnsMessage = z.output<typeof snsMessageSchema>;

const sesRecipient = z.object({
  emailAddress: z.string().min(1).max(320),
  status: z.string().max(20).optional(),
});

/** The SES notification inside an SNS Notification's Message (notifications: notificationType; event publishing: eventType). */
export const sesNotificationSchema = z.object({
  notificationType: z.string().max(40).optional(),
  eventType: z.string().max(40).optional(),
  bounce: z
    .object({
      bounceType: z.string().max(40),
      bounceSubType: z.string().max(60).optional(),
      bouncedRecipients: z.array(sesRecipient).max(1000),
    })
    .optional(),
  complaint: z
    .object({
      complainedRecipients: z.array(sesRecipient.pick({ emailAddress: true })).max(1000),
      complaintFeedbackType: z.string().max(60).optional(),
    })
    .optional(),
});
export type SesNotification = z.output<typeof sesNotificationSchema>;

/**
 * A Postmark bounce or spam-complaint webhook (postmarkapp.com/developer/webhooks): RecordType `Bounce` with a Type
 * such as `HardBounce`, or RecordType `SpamComplaint`. Other record types (Delivery, Open, Click) are accepted and
 * ignored.
 */
export const postmarkEventSchema = z.object({
  RecordType: z.string().min(1).max(40),
  ID: z.union([z.number().int(), z.string().max(100)]).optional(),
  MessageID: z.string().max(100).optional(),
  Type: z.string().max(40).optional(),
  TypeCode: z.number().int().optional(),
  Email: z.string().max(320).optional(),
});
export type PostmarkEvent = z.output<typeof postmarkEventSchema>;

export const mailHookAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
});
