import { cp, mkdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Starts the real server for Playwright on fresh temporary content and data folders, so tests never touch the
 * repository's content/. The build folder is kept between runs (timestamps preserved) so an unchanged site is
 * not rebuilt.
 */
const port = process.env.E2E_PORT ?? '4173'
const root = join(tmpdir(), `e2e-server-${port}`)
await rm(root, { recursive: true, force: true })
await mkdir(root, { recursive: true })
await cp(join(import.meta.dirname, '..', 'content'), join(root, 'content'), { recursive: true, preserveTimestamps: true })

Object.assign(process.env, {
  PORT: port,
  HOST: '127.0.0.1',
  CONTENT_DIR: join(root, 'content'),
  DATA_DIR: join(root, 'data'),
  SITE_BUILD_DIR: join(tmpdir(), `e2e-build-${port}`),
  SITE_URL: `http://localhost:${port}`,
  ADMIN_EMAIL: 'admin@ornek.com',
  ADMIN_PASSWORD: 'Yonetici-Sifre-1',
  LOGIN_RATE_LIMIT: '30',
})
await import('../api/server.ts')
