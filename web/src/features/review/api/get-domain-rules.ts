import { queryOptions, useQuery } from '@tanstack/react-query';
import { domainRulesSchema } from '@mmdm/contracts/abuse-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';

/** GET /domain-rules: the staff's deny and allow lists beside the packaged throwaway-domain list. */
export function getDomainRules(signal?: AbortSignal) {
  return staffRequest('/api/admin/waitlist/domain-rules', domainRulesSchema, { signal });
}

export function useDomainRules() {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.domainRules,
      queryFn: ({ signal }) => getDomainRules(signal),
      retry: queryRetry,
    }),
  );
}
