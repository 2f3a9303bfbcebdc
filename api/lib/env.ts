import { join, resolve } from 'node:path'
import { z } from 'zod'
import { LOG_LEVELS } from './log.ts'

const publishLimitError = 'PUBLISH_TIME_LIMIT_SECONDS 10 ile 86400 arasında bir tam sayı (saniye) olmalı'

/**
 * A secret from the environment: surrounding spaces (a copied line, an env file's trailing blank) are trimmed, and a
 * value that is then too short, or one character repeated ('                    ', 'xxxxxxxxxxxxxxxx'), is
 * refused: it would be guessed at once (issue 29).
 */
const secret = (name: string, min: number) =>
  z
    .string()
    .trim()
    .min(min, { error: `${name} en az ${min} karakter olmalı (baştaki ve sondaki boşluklar sayılmaz)` })
    .refine((v) => !/^(.)\1*$/s.test(v), { error: `${name} tek bir karakterin tekrarı olamaz: rastgele bir değer üretin (openssl rand -base64 48)` })

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  CONTENT_DIR: z.string().min(1).default('./content'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Site builds go here, one fresh folder per build. */
  SITE_BUILD_DIR: z.string().min(1).default('./.build/site'),
  /**
   * Code builds the server must make itself when its code folder is read-only (a SITE_URL or code the install step
   * did not build; decision 291); default SITE_BUILD_DIR/.code (outside `live`, so never served).
   */
  CODE_CACHE_DIR: z.string().min(1).optional(),
  SITE_URL: z
    .url({ error: 'SITE_URL geçerli bir adres olmalı (ör. https://www.ornek.com.tr)' })
    .default('http://localhost:3000'),
  ADMIN_EMAIL: z.email({ error: 'ADMIN_EMAIL geçerli bir e-posta olmalı' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: 'ADMIN_PASSWORD en az 8 karakter olmalı' }).optional(),
  SESSION_SECRET: secret('SESSION_SECRET', 32).optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Proxies whose X-Forwarded-For is believed: addresses, CIDR ranges, 'loopback' (default) or 'none'. */
  TRUST_PROXY: z.string().min(1).default('loopback'),
  /** The audit log keeps entries of this many days, and at most this many entries (the newest). */
  AUDIT_KEEP_DAYS: z.coerce.number().int().min(1).default(365),
  // KVKK (issue 32): contact messages are deleted this many days after they arrived.
  MESSAGE_KEEP_DAYS: z.coerce.number().int().min(1).default(730),
  AUDIT_KEEP_ROWS: z.coerce.number().int().min(100).default(100_000),
  /** Days a shared preview link works for a reviewer without an account (issue 21). */
  PREVIEW_SHARE_DAYS: z.coerce.number().min(0.001).max(90).default(7),
  /** Time limit of a code build (`astro build`) and of a full render's child process each; past it the publish fails. */
  PUBLISH_TIME_LIMIT_SECONDS: z.coerce
    .number({ error: publishLimitError })
    .int({ error: publishLimitError })
    .min(10, { error: publishLimitError })
    .max(86_400, { error: publishLimitError })
    .default(600),
  /** 'off' skips the automatic site rebuild after content saves (benchmarks of the API alone). */
  REBUILD: z.enum(['on', 'off']).default('on'),
  /**
   * 'auto': each save is a commit when CONTENT_DIR is a repository of its own (or in none: `git init`); a folder
   * inside another repository (the checkout's ./content) is local mode, no commits (decision 026). 'on' commits
   * there too; 'off' makes CONTENT_DIR a plain folder (no history).
   */
  CONTENT_GIT: z.enum(['auto', 'on', 'off']).default('auto'),
  /**
   * 'on' (the default): posts and social projects are stored one file each (`blogs/<a>/<id>.json`, order in
   * `blogs/_sira.json`), moved there at the first start (decision 333); 'off' keeps `blogs.json` and
   * `social-projects.json` (a way back for a deployment not moved yet: it reads only those files).
   */
  CONTENT_FOLDERS: z.enum(['on', 'off']).default('on'),
  /** A git remote (URL or path) that every content commit is pushed to, and fetched from (issue 19). */
  CONTENT_GIT_REMOTE: z.string().min(1).optional(),
  /** How much the server logs (JSON lines; readable when stdout is a terminal). */
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `LOG_LEVEL şunlardan biri olmalı: ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  /** A token that lets a scraper from another machine read GET /metrics (Authorization: Bearer …). */
  METRICS_TOKEN: secret('METRICS_TOKEN', 16).optional(),
  /** How often the server fetches CONTENT_GIT_REMOTE, in seconds; 0 only on a webhook. */
  CONTENT_GIT_SYNC_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  /** The shared secret of POST /api/git/webhook (GitHub, Gitea/Forgejo, GitLab); unset: the endpoint is off. */
  CONTENT_GIT_WEBHOOK_SECRET: secret('CONTENT_GIT_WEBHOOK_SECRET', 16).optional(),
  /** Largest file of the members' library, in MB (issue 31). */
  LIBRARY_MAX_FILE_MB: z.coerce
    .number({ error: 'LIBRARY_MAX_FILE_MB 1 ile 10240 arasında bir tam sayı (MB) olmalı' })
    .int({ error: 'LIBRARY_MAX_FILE_MB 1 ile 10240 arasında bir tam sayı (MB) olmalı' })
    .min(1, { error: 'LIBRARY_MAX_FILE_MB 1 ile 10240 arasında bir tam sayı (MB) olmalı' })
    .max(10_240, { error: 'LIBRARY_MAX_FILE_MB 1 ile 10240 arasında bir tam sayı (MB) olmalı' })
    .default(200),
})

export type Env = z.infer<typeof envSchema> & { contentDir: string; dataDir: string; siteBuildDir: string; codeCacheDir: string }

/** Reads and checks the environment; a bad value stops the start with a clear message. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''))
  const result = envSchema.safeParse(cleaned)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Geçersiz ortam değişkeni:\n${lines.join('\n')}`)
  }
  return {
    ...result.data,
    contentDir: resolve(result.data.CONTENT_DIR),
    dataDir: resolve(result.data.DATA_DIR),
    siteBuildDir: resolve(result.data.SITE_BUILD_DIR),
    codeCacheDir: resolve(result.data.CODE_CACHE_DIR ?? join(result.data.SITE_BUILD_DIR, '.code')),
  }
}
