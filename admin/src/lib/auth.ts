import type { PublicUser } from '#schema/user.ts'

/** The logged-in admin as stored in localStorage under `adminUser` (spec section 3). */
export type AdminUser = PublicUser

const KEY = 'adminUser'
const listeners = new Set<() => void>()
let cachedRaw: string | null | undefined
let cachedUser: AdminUser | null = null

function readRaw(): string | null {
  try {
    return localStorage.getItem(KEY)
  } catch {
    return null
  }
}

/** The stored admin user, or null when nobody is logged in (or the stored JSON is unusable). */
export function getAdminUser(): AdminUser | null {
  const raw = readRaw()
  // Same string, same object: useSyncExternalStore needs a stable snapshot.
  if (raw === cachedRaw) return cachedUser
  cachedRaw = raw
  try {
    const parsed = raw ? JSON.parse(raw) : null
    cachedUser = parsed && typeof parsed === 'object' && typeof parsed.id === 'string' ? parsed : null
  } catch {
    cachedUser = null
  }
  return cachedUser
}

/** Stores the user returned by login, /me or a profile update, and tells subscribers. */
export function setAdminUser(user: AdminUser): void {
  localStorage.setItem(KEY, JSON.stringify(user))
  notify()
}

/** Forgets the admin user (logout, expired session). */
export function clearAdminUser(): void {
  localStorage.removeItem(KEY)
  notify()
}

/** Subscribe to changes of the stored user (this tab and other tabs). */
export function subscribeAdminUser(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

function notify() {
  for (const l of listeners) l()
}
