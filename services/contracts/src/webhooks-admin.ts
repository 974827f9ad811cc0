// The staff's "Webhooks" screen (/api/admin/webhooks): the endpoints the app's servers receive signed events at, and
// each one's delivery log. Classic zod, like ./contact-admin: only the panel loads it.
import { z } from 'zod';
import { pageLimit } from './waitlist-admin.js';

/** The events an endpoint can take (Standard Webhooks' `type`). */
export const WEBHOOK_EVENTS = [
  'entry.confirmed',
  'entry.invited',
  'entry.admitted',
  'entry.erased',
  'city.opened',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

const id = z.string().regex(/^\d{1,18}$/, 'An id is a number.');

/** POST /webhooks: where to send, and which events. */
export const createWebhookBody = z.strictObject({
  url: z.string().trim().min(1).max(2000),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, 'Choose at least one event.')
    .max(WEBHOOK_EVENTS.length)
    .refine((events) => new Set(events).size === events.length, 'Each event once.'),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

/** POST /webhooks/:id/enabled: `{enabled: false}` disables it (no new events, none sent), `true` enables it again. */
export const webhookEnabledBody = z.strictObject({ enabled: z.boolean() });

export const listDeliveriesParams = z.object({ limit: pageLimit, cursor: id.optional() });

/** An endpoint as the list shows it: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why it is disabled: by staff, or after 3 days of failed deliveries. */
  disabledReason: z.enum(['staff', 'failing']).nullable(),
  disabledAt: z.string().nullable(),
  /** Since when every attempt has failed (null: the last one succeeded, or none failed). */
  failingSince: z.string().nullable(),
  /** After a rotation, until when the old secret still signs beside the new one. */
  previousSecretUntil: z.string().nullable(),
  /** Deliveries still owed. */
  pending: z.number(),
  lastAt: z.string().nullable(),
  lastStatus: z.number().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsSchema = z.object({ items: z.array(webhookEndpointSchema) });

/** The answer that shows a secret, once: to creation and to a rotation. */
export const webhookCreatedSchema = webhookEndpointSchema.extend({
  /** `whsec_` and base64: shown this once, never again. */
  secret: z.string(),
});
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookRotatedSchema = z.object({
  id: z.string(),
  secret: z.string(),
  /** The old secret signs too until then. */
  previousSecretUntil: z.string(),
});
export type WebhookRotated = z.infer<typeof webhookRotatedSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every attempt and redelivery. */
  messageId: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  /** The last answer: its HTTP status (null when none came), when, a short excerpt of its body, or the error. */
  lastStatus: z.number().nullable(),
  lastAt: z.string().nullable(),
  lastBody: z.string().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveriesPage = z.infer<typeof webhookDeliveriesPageSchema>;
