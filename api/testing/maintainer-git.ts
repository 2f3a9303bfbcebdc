import { execFileSync } from 'node:child_process'

/** Git as a maintainer runs it in tests: their own name, no system configuration. */
const env = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Bakımcı',
  GIT_AUTHOR_EMAIL: 'bakimci@ornek.com',
  GIT_COMMITTER_NAME: 'Bakımcı',
  GIT_COMMITTER_EMAIL: 'bakimci@ornek.com',
}

/** Runs git in `cwd` as the maintainer; its output, trimmed. */
export const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).trim()
