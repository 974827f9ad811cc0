import { queryOptions, useQuery } from '@tanstack/react-query';
import { domainRulesSchema } from '@mmdm/contracts/abuse-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-review';

/** GET /domain-rules: the staff's deny and allow lists beside the packaged throwaway-domain list. */
export function getDomainRules(signal?: AbortSignal) {
  return staffRequest(requestTo(calls.listDomainRules), domainRulesSchema, { signal });
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
