import { queryOptions, useQuery } from '@tanstack/react-query';
import { verifyAnswerSchema } from '@mmdm/contracts/auth';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { apiJson, ApiError, requestTo } from '../../../lib/api-client.js';
import { clearStaffToken } from '../../../lib/staff-token.js';
import * as calls from '@mmdm/contracts/calls/staff-auth';

export type StaffSession = { valid: true; role: string; sub?: string; email?: string } | { valid: false };

/**
 * Asks the auth service whether the token is still good. Any failure — a 401, a malformed answer, no network —
 * counts as invalid: the guard then sends the user to sign in.
 */
export async function verifyStaffToken(token: string, signal?: AbortSignal): Promise<StaffSession> {
  try {
    const parsed = verifyAnswerSchema.safeParse(
      await apiJson(requestTo(calls.verifyToken), { bearerToken: token, signal }),
    );
    return parsed.success ? parsed.data : { valid: false };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http' && error.status === 401) {
      // The server has said no: the token will never work again, so it is dropped.
      clearStaffToken();
    }
    return { valid: false };
  }
}

export function verifyQueryOptions(token: string) {
  return queryOptions({
    queryKey: adminKeys.verify(token),
    queryFn: ({ signal }) => verifyStaffToken(token, signal),
    // Verification never throws, so there is nothing to retry.
    retry: false,
  });
}

export function useVerifyStaffToken(token: string | null) {
  return useQuery({ ...verifyQueryOptions(token ?? ''), enabled: token !== null });
}
