import { randomBytes } from 'node:crypto'
import type { DataStore } from '../store/data-store.ts'
import { newId } from '../lib/ids.ts'
import { hashPassword } from './passwords.ts'

/**
 * On a start with no admin user, creates a superadmin from ADMIN_EMAIL/ADMIN_PASSWORD, or with a random
 * password that is printed once. Returns the generated password, if any.
 */
export async function seedFirstAdmin(
  data: DataStore,
  now: Date,
  email = 'admin@example.com',
  password?: string,
): Promise<string | null> {
  if (data.read('users').length > 0) return null
  const secret = password ?? randomBytes(12).toString('base64url')
  const passwordHash = await hashPassword(secret)
  await data.update('users', (users) => {
    users.push({
      id: newId(),
      name: 'Süper Yönetici',
      email: email.toLowerCase(),
      role: 'superadmin',
      passwordHash,
      createdAt: now.toISOString(),
    })
  })
  return password ? null : secret
}
