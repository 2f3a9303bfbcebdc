import { pino, type DestinationStream, type Logger } from 'pino'
import pretty from 'pino-pretty'

/** The levels LOG_LEVEL accepts (pino's). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/** Field names whose values never reach a log line, wherever they sit in a logged object. */
const SECRET_KEYS = /^(password|newPassword|currentPassword|token|secret|cookie|set-cookie|authorization|ADMIN_PASSWORD|SESSION_SECRET|METRICS_TOKEN)$/i

/**
 * Secrets that can hide inside text (an error message, a git remote): a URL's user:password part, a bearer
 * token, a session token (a JWT), a cookie header's values, a "password": "…" pair. Applied to every finished
 * line, so no code path (an error's stack, a git message) can print one.
 */
const SECRET_TEXT: [RegExp, string][] = [
  // https://user:token@host/… → https://***@host/… (ssh's git@host has no '://' and no secret)
  [/([a-z][a-z0-9+.-]*:\/\/)[^/\s@"'\\]+@/gi, '$1***@'],
  [/(bearer\s+)[^\s"'\\]+/gi, '$1***'],
  [/eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g, '***'],
  [/((?:cookie|set-cookie)\\?"?\s*[:=]\s*\\?"?)[^"\\\n]+/gi, '$1***'],
  [/(\\?"(?:[a-z_-]*password|[a-z_-]*secret|[a-z_-]*token)\\?"\s*:\s*\\?")[^"\\]*/gi, '$1***'],
]

/** A log line with every secret replaced by ***. */
export function scrubSecrets(line: string): string {
  for (const [pattern, replacement] of SECRET_TEXT) line = line.replace(pattern, replacement)
  return line
}

/** Replaces the values of secret-named keys in a logged object (before it is serialised). */
function redactKeys(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object' || value instanceof Error) return value
  if (Array.isArray(value)) return value.map((v) => redactKeys(v, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? '***' : redactKeys(v, depth + 1)
  return out
}

/** The level from LOG_LEVEL (readEnv reports a wrong value; the logger itself falls back to info). */
function levelFrom(value: string | undefined): string {
  return (LOG_LEVELS as readonly string[]).includes(value ?? '') ? value! : 'info'
}

/**
 * A logger writing one JSON object per line (time, level, msg, and the fields given) to `out`, or readable lines
 * when `out` is an interactive terminal. Every line passes scrubSecrets on its way out.
 */
export function createLogger(
  out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
  level = levelFrom(process.env.LOG_LEVEL),
): Logger {
  const target: DestinationStream = out.isTTY
    ? pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', destination: 1, sync: true })
    : out
  const scrubbed: DestinationStream = { write: (line: string) => void target.write(scrubSecrets(line)) }
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: (obj) => redactKeys(obj) as Record<string, unknown> },
    },
    scrubbed,
  )
}

/** The process's logger (server, stores, publisher). Tests that read lines make their own with createLogger. */
export let log: Logger = createLogger()

/** Replaces the process's logger (a test capturing what the modules log). */
export function setLogger(logger: Logger): void {
  log = logger
}

/** An error as a log field: its message (and stack at debug), never the objects it may hold. */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}
