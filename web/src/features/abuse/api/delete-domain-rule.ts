import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { staffCommand } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-review';

/** DELETE /domain-rules/:domain: 204; the packaged list and the DNS check decide again. */
export function deleteDomainRule(domain: string) {
  return staffCommand(requestTo(calls.deleteDomainRule, { domain }));
}

export function useDeleteDomainRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDomainRule,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.domainRules }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
