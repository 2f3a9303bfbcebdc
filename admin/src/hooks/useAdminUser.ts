import { useSyncExternalStore } from 'react'
import { getAdminUser, subscribeAdminUser, type AdminUser } from '../lib/auth.ts'

/** The stored admin user; re-renders on login, logout and profile updates. */
export function useAdminUser(): AdminUser | null {
  return useSyncExternalStore(subscribeAdminUser, getAdminUser, () => null)
}
