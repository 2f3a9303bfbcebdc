import { existsSync, readFileSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import type { z } from 'zod'
import { renderScope } from './render-scope.ts'

declare const __REPO_ROOT__: string | undefined

/** Repo root: injected by astro.config.mjs (the build bundles this file elsewhere); the cwd otherwise (vitest). */
function repoRoot(): string {
  return typeof __REPO_ROOT__ === 'string' ? __REPO_ROOT__ : process.cwd()
}

/** The running publish's folder; else CONTENT_DIR (relative paths resolve from the repo root), else <repo>/content. */
export function contentDir(env: NodeJS.ProcessEnv = process.env, root: string = repoRoot()): string {
  const scoped = renderScope.getStore()?.contentDir
  if (scoped) return scoped
  const dir = env.CONTENT_DIR?.trim()
  if (!dir) return join(root, 'content')
  return isAbsolute(dir) ? dir : resolve(root, dir)
}

/** One readable line per zod issue: the field path and its message. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')
      return `  - ${path.replace(/^\./, '') || '(kök)'}: ${issue.message}`
    })
    .join('\n')
}

/**
 * Reads `<dir>/<name>.json` and checks it with `schema`. A missing file gives `fallback` (the API creates files on
 * first save); broken JSON or invalid content throws, which fails the build with the file and the field named.
 */
export function readContentFile<S extends z.ZodType>(
  dir: string,
  name: string,
  schema: S,
  fallback: unknown,
  prepare: (raw: unknown) => unknown = (raw) => raw,
): z.infer<S> {
  const path = join(dir, `${name}.json`)
  let raw: unknown = fallback
  if (existsSync(path)) {
    try {
      raw = JSON.parse(readFileSync(path, 'utf8'))
    } catch (error) {
      throw new Error(`İçerik dosyası okunamadı: ${path}\n  ${(error as Error).message}`)
    }
  }
  const result = schema.safeParse(prepare(raw))
  if (!result.success) {
    throw new Error(`İçerik dosyası geçersiz: ${path}\n${describeIssues(result.error)}`)
  }
  return result.data
}

/** Server values may arrive as JSON strings (spec 3): parse such a string, keep anything else as it is. */
export function parseIfJsonString(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}
