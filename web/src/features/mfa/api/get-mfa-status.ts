import { queryOptions, useQuery } from '@tanstack/react-query';
import { mfaStatusSchema, type MfaStatus } from '@mmdm/contracts/auth';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-mfa';

export function getMfaStatus(signal?: AbortSignal): Promise<MfaStatus> {
  return staffRequest(requestTo(calls.getOwnSecondFactors), mfaStatusSchema, { signal });
}

export const mfaStatusQuery = () =>
  queryOptions({ queryKey: adminKeys.mfa, queryFn: ({ signal }) => getMfaStatus(signal), retry: queryRetry });

export function useMfaStatus() {
  return useQuery(mfaStatusQuery());
}
