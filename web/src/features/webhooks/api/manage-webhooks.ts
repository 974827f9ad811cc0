import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  webhookCreatedSchema,
  webhookEndpointSchema,
  webhookRotatedSchema,
  type CreateWebhookBody,
} from '@mmdm/contracts/webhooks-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { staffCommand, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-webhooks';

/*
 * The admins' changes to the endpoints, each audited by the service. None is retried: a creation or a rotation
 * retried after a lost answer would make a second secret nobody saw.
 */

/** POST /webhooks {url, events}: 201 with the secret, shown this once; 400 `webhook_url_refused`. */
export function createWebhook(body: CreateWebhookBody) {
  return staffRequest(requestTo(calls.createWebhook), webhookCreatedSchema, { body });
}

/** POST /webhooks/:id/rotate: a new secret, shown this once; the old one signs too for 24 hours. */
export function rotateWebhookSecret(id: string) {
  return staffRequest(requestTo(calls.rotateWebhookSecret, { id }), webhookRotatedSchema);
}

/** POST /webhooks/:id/enabled {enabled}. */
export function setWebhookEnabled({ id, enabled }: { id: string; enabled: boolean }) {
  return staffRequest(requestTo(calls.setWebhookEnabled, { id }), webhookEndpointSchema, { body: { enabled } });
}

/** DELETE /webhooks/:id: 204, with its delivery log. */
export function deleteWebhook(id: string) {
  return staffCommand(requestTo(calls.deleteWebhook, { id }));
}

/** POST /webhooks/:id/deliveries/:deliveryId/redeliver: 202. */
export function redeliverWebhook({ id, deliveryId }: { id: string; deliveryId: string }) {
  return staffCommand(requestTo(calls.redeliverWebhook, { id, deliveryId }));
}

/** Which endpoint a change was about: its delivery log is refreshed with the list, or dropped once it is gone. */
function useWebhookMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  endpointOf: (input: Input) => string,
  gone = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    retry: false,
    onSuccess: (_answer, input) => {
      const log = adminKeys.webhookDeliveries(endpointOf(input));
      // A deleted endpoint's log would answer 404: forget it instead of asking again.
      if (gone) queryClient.removeQueries({ queryKey: log });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.webhooks, exact: true }),
        gone ? undefined : queryClient.invalidateQueries({ queryKey: log }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]);
    },
  });
}

export const useCreateWebhook = () => useWebhookMutation(createWebhook, () => '');
export const useRotateWebhookSecret = () => useWebhookMutation(rotateWebhookSecret, (id) => id);
export const useSetWebhookEnabled = () => useWebhookMutation(setWebhookEnabled, ({ id }) => id);
export const useDeleteWebhook = () => useWebhookMutation(deleteWebhook, (id) => id, true);
export const useRedeliverWebhook = () => useWebhookMutation(redeliverWebhook, ({ id }) => id);
