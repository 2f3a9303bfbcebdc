import { constants } from 'node:fs'
import { access, mkdir, stat } from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * The folders a start needs, checked before anything is opened (issue 27): a CONTENT_DIR that does not exist or
 * cannot be written stops the start with a message naming the variable. A typo must never start a site with no
 * posts and default texts that then replaces the live one. DATA_DIR is still made on the first start (the quick
 * start and the tests rely on it), but only inside a folder that exists: a typo there stops the start too.
 */
export async function checkStartFolders(env: { contentDir: string; dataDir: string }): Promise<void> {
  const content = await stat(env.contentDir).catch(() => null)
  if (!content)
    throw new Error(
      `CONTENT_DIR klasörü yok: ${env.contentDir}. Sunucu boş bir siteyle başlamaz; yolu düzeltin ya da içerik ` +
        'deposunu bu klasöre klonlayın (ilk kurulumda deploy/install.sh yapar).',
    )
  if (!content.isDirectory()) throw new Error(`CONTENT_DIR bir klasör değil: ${env.contentDir}.`)
  await access(env.contentDir, constants.W_OK | constants.X_OK).catch(() => {
    throw new Error(`CONTENT_DIR klasörüne yazılamıyor: ${env.contentDir}. Klasörün sahibi sunucunun kullanıcısı olmalı.`)
  })
  const data = await stat(env.dataDir).catch(() => null)
  if (data && !data.isDirectory()) throw new Error(`DATA_DIR bir klasör değil: ${env.dataDir}.`)
  if (!data) {
    const parent = await stat(dirname(env.dataDir)).catch(() => null)
    if (!parent?.isDirectory())
      throw new Error(
        `DATA_DIR oluşturulamadı: ${env.dataDir} (üst klasör ${dirname(env.dataDir)} yok). Yolu düzeltin; DATA_DIR ` +
          'ilk başlangıçta yalnızca var olan bir klasörün içinde oluşturulur.',
      )
    await mkdir(env.dataDir, { mode: 0o700 })
  }
  await access(env.dataDir, constants.W_OK | constants.X_OK).catch(() => {
    throw new Error(`DATA_DIR klasörüne yazılamıyor: ${env.dataDir}. Klasörün sahibi sunucunun kullanıcısı olmalı.`)
  })
}
