/** Staff roles, most powerful first: a role satisfies every role after it (admin ⊇ viewer). */
export const STAFF_ROLES = ['admin', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return (STAFF_ROLES as readonly unknown[]).includes(value);
}

/** Unknown roles (a newer server) satisfy nothing: the panel fails closed. */
export function roleSatisfies(role: string, required: StaffRole): boolean {
  if (!isStaffRole(role)) return false;
  return STAFF_ROLES.indexOf(role) <= STAFF_ROLES.indexOf(required);
}

export const ROLE_LABELS: Record<StaffRole, string> = { admin: 'Admin', viewer: 'Viewer' };
