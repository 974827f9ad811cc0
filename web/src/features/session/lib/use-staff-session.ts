import { useSyncExternalStore } from 'react';
import { getStaffToken, subscribeToStaffToken } from '../../../lib/staff-token.js';
import { useVerifyStaffToken } from '../api/verify.js';
import { roleSatisfies, type StaffRole } from '../../../lib/staff-roles.js';

/** The stored staff token, re-rendering whenever it changes (sign-in, sign-out, a 401, another tab). */
export function useStaffToken(): string | null {
  return useSyncExternalStore(subscribeToStaffToken, getStaffToken, () => null);
}

/**
 * The signed-in staff member as the guard verified them. Inside a guarded route the answer is already cached, so
 * this never shows a second spinner.
 */
export function useStaffSession() {
  const token = useStaffToken();
  const { data } = useVerifyStaffToken(token);
  const session = data?.valid ? data : undefined;
  return {
    session,
    can: (role: StaffRole) => session !== undefined && roleSatisfies(session.role, role),
  };
}
