import { randomBytes } from 'node:crypto'
import { hashPassword } from '../api/auth/passwords.ts'
import { readEnv } from '../api/lib/env.ts'
import { openDataStore } from '../api/store/data-store.ts'

/**
 * `npm run admin:reset-password -- <e-posta>`: the way back in for an admin who forgot the password (issue 23).
 * Sets a random one-time password, prints it once, ends the user's sessions, and records it in the audit log; at
 * the next login the admin must choose a new password before anything else. Runs beside a running server (the
 * server reads the users table again when another connection changed it) or with the server stopped.
 */
const email = process.argv[2]?.trim().toLowerCase()
if (!email || !email.includes('@')) {
  console.error('Kullanım: npm run admin:reset-password -- <e-posta>')
  process.exit(2)
}

const env = readEnv()
const data = await openDataStore(env.dataDir)
try {
  const user = data.read('users').find((u) => u.email === email)
  if (!user) {
    console.error(`Bu e-posta ile bir yönetici bulunamadı: ${email}`)
    console.error(`Kayıtlı yöneticiler: ${data.read('users').map((u) => u.email).join(', ') || 'yok'}`)
    process.exitCode = 1
  } else {
    const password = randomBytes(12).toString('base64url')
    const passwordHash = await hashPassword(password)
    // Sessions count whole seconds and one issued in the very second of `sessionsFrom` stays good (session.ts): the
    // reset starts a new second, so a session opened just before it (perhaps by someone else) always ends.
    await new Promise((resolve) => setTimeout(resolve, 1001 - (Date.now() % 1000)))
    const now = new Date().toISOString()
    await data.update('users', (users) => {
      const target = users.find((u) => u.id === user.id)!
      target.passwordHash = passwordHash
      // Sessions opened with the old password (perhaps by someone else) end now.
      target.sessionsFrom = now
      target.mustChangePassword = true
    })
    await data.audit.add({
      at: now,
      userId: user.id,
      userName: user.name,
      userEmail: user.email,
      action: 'Şifresi sunucuda komutla sıfırlandı (tek kullanımlık şifre verildi)',
      method: 'KOMUT',
      path: 'npm run admin:reset-password',
      status: 200,
      address: null,
    })
    console.log(`${user.name} (${user.email}) için yeni tek kullanımlık şifre: ${password}`)
    console.log('Bu şifre bir daha gösterilmeyecek. İlk girişte yeni bir şifre belirlemeniz istenecek.')
  }
} finally {
  await data.close()
}
