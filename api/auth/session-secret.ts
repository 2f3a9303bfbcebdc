import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** SESSION_SECRET from the environment, else one generated once and kept in DATA_DIR (mode 600). */
export async function loadSessionSecret(dataDir: string, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv
  const path = join(dataDir, 'session-secret')
  try {
    return (await readFile(path, 'utf8')).trim()
  } catch {
    const secret = randomBytes(48).toString('base64url')
    await writeFile(path, secret, { mode: 0o600 })
    return secret
  }
}
