import type { QueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { getStaffToken, setStaffToken } from '../../../lib/staff-token.js';

/**
 * An enrolment ends every other session and answers this one re-issued (same expiry, the new factor in its `amr`).
 * The guard's verification of the old token is carried over to the new one, so the screen stays put (the recovery
 * codes it shows are not lost
 * to a re-verification spinner); the guard checks the new token with the service at its next verification.
 */
export function adoptSession(queryClient: QueryClient, token: string): void {
  const previous = getStaffToken();
  const verified = previous ? queryClient.getQueryData(adminKeys.verify(previous)) : undefined;
  if (verified) queryClient.setQueryData(adminKeys.verify(token), verified);
  setStaffToken(token);
}
