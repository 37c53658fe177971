/**
 * Staff roles and what each may do (decision 020). No zod: the admin's menu imports this in the browser.
 * The server's guard and the web app's menu both ask `staffMay`, so they cannot disagree.
 */
export const STAFF_ROLES = ['owner', 'operator', 'editor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What an admin endpoint may ask for. `orders`, `customers` and `catalog` are shared with the staff roles;
 * the rest are the owner's alone (named so that a declaration says what it guards).
 */
export const PERMISSIONS = ['orders', 'customers', 'catalog', 'content', 'discounts', 'messages', 'settings', 'staff', 'audit'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  operator: ['orders', 'customers'],
  editor: ['catalog'],
};

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'مدیر کل',
  operator: 'اپراتور سفارش‌ها',
  editor: 'ویرایشگر کاتالوگ',
};

/**
 * What a staff endpoint declares: `staff` (any logged-in staff member: their own session), `admin:<permission>`,
 * or plain `admin`, which is the owner's alone — an endpoint that names no permission fails closed.
 */
export type StaffAccess = 'staff' | 'admin' | `admin:${Permission}`;

export function permissionsOf(role: StaffRole): readonly Permission[] {
  return ROLE_PERMISSIONS[role];
}

/** Whether a staff member of this role may call an endpoint (or open a page) declared with `access`. */
export function staffMay(role: StaffRole, access: StaffAccess): boolean {
  if (access === 'staff' || role === 'owner') return true;
  if (access === 'admin') return false;
  return ROLE_PERMISSIONS[role].includes(access.slice('admin:'.length) as Permission);
}
