import { queryOptions, useQuery } from '@tanstack/react-query';
import { mfaPolicySchema, type MfaPolicy } from '@mmdm/contracts/auth';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-mfa';

export function getMfaPolicy(signal?: AbortSignal): Promise<MfaPolicy> {
  return staffRequest(requestTo(calls.getSecondFactorPolicy), mfaPolicySchema, { signal });
}

export const mfaPolicyQuery = () =>
  queryOptions({ queryKey: adminKeys.mfaPolicy, queryFn: ({ signal }) => getMfaPolicy(signal), retry: queryRetry });

export function useMfaPolicy() {
  return useQuery(mfaPolicyQuery());
}
