import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookEndpointsSchema } from '@mmdm/contracts/webhooks-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-webhooks';

/** GET /webhooks: every endpoint with its state and last answer; never a secret. */
export function getWebhooks(signal?: AbortSignal) {
  return staffRequest(requestTo(calls.listWebhooks), webhookEndpointsSchema, { signal });
}

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.webhooks, queryFn: ({ signal }) => getWebhooks(signal), retry: queryRetry });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
