// Endpoints that receive the app's signed events, and their delivery logs (waitlist service). Admins only: an
// endpoint's URL and log say where people's data goes.
import { defineCall, BODY_ERRORS, staffErrors, ok, pathParam } from './define-call.js';
import {
  createWebhookBody,
  listDeliveriesParams,
  webhookCreatedSchema,
  webhookDeliveriesPageSchema,
  webhookEnabledBody,
  webhookEndpointSchema,
  webhookEndpointsSchema,
  webhookRotatedSchema,
} from '../webhooks-admin.js';
import { messageAnswer } from '../waitlist.js';

const endpointId = pathParam('An endpoint id.');

export const createWebhook = defineCall({
  method: 'post',
  path: '/api/admin/webhooks',
  operationId: 'createWebhook',
  tag: 'staff-webhooks',
  summary: 'Add a webhook endpoint',
  description:
    'Signed events (Standard Webhooks) of the chosen types go to `url` from now on. The URL must be https in ' +
    'production and lead to public addresses only (checked after DNS resolution; 400 `webhook_url_refused`). The ' +
    'answer shows the signing `secret` this once. Audited.',
  access: 'admin',
  body: createWebhookBody,
  answers: { 201: { description: 'Added, with its secret.', schema: webhookCreatedSchema } },
  errors: [...BODY_ERRORS, ...staffErrors('admin')],
});

export const listWebhooks = defineCall({
  method: 'get',
  path: '/api/admin/webhooks',
  operationId: 'listWebhooks',
  tag: 'staff-webhooks',
  summary: 'Webhook endpoints',
  description: 'Every endpoint with its state and last answer; never a secret.',
  access: 'admin',
  answers: ok('The endpoints.', webhookEndpointsSchema),
  errors: staffErrors('admin'),
});

export const rotateWebhookSecret = defineCall({
  method: 'post',
  path: '/api/admin/webhooks/{id}/rotate',
  operationId: 'rotateWebhookSecret',
  tag: 'staff-webhooks',
  summary: 'Rotate an endpoint’s secret',
  description:
    'A new secret, shown this once; for 24 hours every event is signed with both, so the receiver can switch. Audited.',
  access: 'admin',
  params: { id: endpointId },
  answers: ok('The new secret.', webhookRotatedSchema),
  errors: [400, 404, ...staffErrors('admin')],
});

export const setWebhookEnabled = defineCall({
  method: 'post',
  path: '/api/admin/webhooks/{id}/enabled',
  operationId: 'setWebhookEnabled',
  tag: 'staff-webhooks',
  summary: 'Disable or enable an endpoint',
  description:
    '`{enabled: false}`: no new events are recorded for it and none is sent; `true`: the deliveries it still owes ' +
    'are sent again, with 3 days of retries. Audited.',
  access: 'admin',
  params: { id: endpointId },
  body: webhookEnabledBody,
  answers: ok('The endpoint as it is now.', webhookEndpointSchema),
  errors: [...BODY_ERRORS, 404, ...staffErrors('admin')],
});

export const deleteWebhook = defineCall({
  method: 'delete',
  path: '/api/admin/webhooks/{id}',
  operationId: 'deleteWebhook',
  tag: 'staff-webhooks',
  summary: 'Delete an endpoint',
  description: 'With its delivery log; what it still owed is not sent. Audited.',
  access: 'admin',
  params: { id: endpointId },
  answers: { 204: { description: 'Deleted.' } },
  errors: [400, 404, ...staffErrors('admin')],
});

export const listWebhookDeliveries = defineCall({
  method: 'get',
  path: '/api/admin/webhooks/{id}/deliveries',
  operationId: 'listWebhookDeliveries',
  tag: 'staff-webhooks',
  summary: 'An endpoint’s delivery log',
  description:
    'Newest first, paged by `nextCursor`: each message, its state, attempts and the last answer (status, time, the ' +
    'first 200 characters of its body). Kept 30 days after the last attempt.',
  access: 'admin',
  params: { id: endpointId },
  query: { schema: listDeliveriesParams },
  answers: ok('A page of deliveries.', webhookDeliveriesPageSchema),
  errors: [400, 404, ...staffErrors('admin')],
});

export const redeliverWebhook = defineCall({
  method: 'post',
  path: '/api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver',
  operationId: 'redeliverWebhook',
  tag: 'staff-webhooks',
  summary: 'Send a message again',
  description:
    'The same message (same `webhook-id`), signed afresh, as soon as its turn comes, with 3 days of retries. Audited.',
  access: 'admin',
  params: { id: endpointId, deliveryId: pathParam('A delivery id of this endpoint.') },
  answers: { 202: { description: 'Queued.', schema: messageAnswer } },
  errors: [400, 404, ...staffErrors('admin')],
});

/** In the order the document lists them. */
export const STAFF_WEBHOOK_CALLS = [
  createWebhook,
  listWebhooks,
  rotateWebhookSecret,
  setWebhookEnabled,
  deleteWebhook,
  listWebhookDeliveries,
  redeliverWebhook,
] as const;
