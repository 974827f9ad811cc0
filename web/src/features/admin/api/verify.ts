import { queryOptions, useQuery } from '@tanstack/react-query';
import { verifyAnswerSchema } from '@mmdm/contracts/auth';
import { clearStaffToken } from './staff-token.js';
import { adminKeys } from './query-keys.js';


export type StaffSession = { valid: true; role: string; sub?: string; email?: string } | { valid: false };

/**
 * Asks the auth service whether the token is still good. Any failure — a 401, a malformed answer, no network —
 * counts as invalid (spec §7): the guard then sends the user to sign in.
 */
export async function verifyStaffToken(token: string, signal?: AbortSignal): Promise<StaffSession> {
  try {
    const response = await fetch('/api/admin/verify', {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      signal,
      credentials: 'same-origin',
    });
    if (response.status === 401) {
      // The server has said no: the token will never work again, so it is dropped.
      clearStaffToken();
      return { valid: false };
    }
    if (!response.ok) return { valid: false };
    const parsed = verifyAnswerSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : { valid: false };
  } catch {
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
