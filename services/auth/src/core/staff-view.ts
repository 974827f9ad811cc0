import type { StaffAccount } from './staff.repository.js';

/** A staff account as the API shows it: never the hash. */
export function publicAccount(account: StaffAccount) {
  return {
    id: account.id,
    email: account.email,
    role: account.role,
    disabled: account.disabled,
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
    lastLoginAt: account.lastLoginAt?.toISOString() ?? null,
  };
}
