import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { staffCommand } from '../../../lib/staff-api.js';

/** DELETE /domain-rules/:domain: 204; the packaged list and the DNS check decide again. */
export function deleteDomainRule(domain: string) {
  return staffCommand(`/api/admin/waitlist/domain-rules/${encodeURIComponent(domain)}`, { method: 'DELETE' });
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
