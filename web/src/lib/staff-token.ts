/**
 * The staff token, kept in localStorage as `admin_token`. Everything that reads it subscribes here, so a
 * sign-out or a 401 in one place (or in another tab) sends every mounted guard back to the login page at once.
 */
const STORAGE_KEY = 'admin_token';
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings): the panel then simply has no session.
    return undefined;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function getStaffToken(): string | null {
  return storage()?.getItem(STORAGE_KEY) ?? null;
}

export function setStaffToken(token: string): void {
  storage()?.setItem(STORAGE_KEY, token);
  notify();
}

export function clearStaffToken(): void {
  if (getStaffToken() === null) return;
  storage()?.removeItem(STORAGE_KEY);
  notify();
}

/** For useSyncExternalStore. Also follows other tabs, whose changes arrive as `storage` events. */
export function subscribeToStaffToken(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
