import { useQuery } from '@tanstack/react-query';
import { webhookDeliveriesPageSchema } from '@mmdm/contracts/webhooks-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-webhooks';

/** GET /webhooks/:id/deliveries: the endpoint's delivery log, newest first (the first 50). */
export function getWebhookDeliveries(id: string, signal?: AbortSignal) {
  return staffRequest(
    requestTo(calls.listWebhookDeliveries, { id }, new URLSearchParams({ limit: '50' })),
    webhookDeliveriesPageSchema,
    { signal },
  );
}

export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: adminKeys.webhookDeliveries(id),
    queryFn: ({ signal }) => getWebhookDeliveries(id, signal),
    retry: queryRetry,
  });
}
