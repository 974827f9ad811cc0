import { useMutation, useQueryClient } from '@tanstack/react-query';
import { domainRuleSchema } from '@mmdm/contracts/abuse-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-review';

/** POST /domain-rules {domain, rule}: 201 the rule (a domain's earlier rule is replaced); audited. */
export function setDomainRule(input: { domain: string; rule: 'deny' | 'allow' }) {
  return staffRequest(requestTo(calls.setDomainRule), domainRuleSchema, { body: input });
}

export function useSetDomainRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDomainRule,
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.domainRules }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
