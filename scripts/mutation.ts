import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * `npm run test:mutation [group…]` (issue 28): StrykerJS over the modules that guard content and access, one
 * module group at a time with only that group's fast tests, one test process (the machine is shared), in
 * incremental mode (bench/mutation/<group>.json, committed: a re-run after a change tests only the mutants it
 * touched). Prints the score per group and every surviving mutant; the scores are kept in bench/README.md.
 */
const root = join(import.meta.dirname, '..')

type Group = { name: string; mutate: string[]; tests: string[] }
/** Smallest and most critical first. */
export const GROUPS: Group[] = [
  { name: 'webhook', mutate: ['api/store/git/webhook-signature.ts'], tests: ['api/store/git/webhook-signature.test.ts'] },
  {
    name: 'if-match',
    mutate: ['api/middleware/content-edit.ts'],
    // guarded-saves.test.ts (every route) and merged-saves.test.ts (the store's merge) are left out: every mutant
    // here would run their apps; content-edit.test.ts drives the middleware's own paths through the app.
    tests: ['api/middleware/content-edit.test.ts'],
  },
  {
    name: 'session-roles',
    mutate: ['api/middleware/session.ts', 'api/auth/session.ts'],
    // auth-matrix.test.ts (every route and role) is left out: it would run for every mutant.
    tests: ['api/auth/session.test.ts', 'api/middleware/session.test.ts', 'api/middleware/session-cookie.test.ts'],
  },
  {
    name: 'logins',
    // Password logins, their rate limits and the address they count (client-address.ts: a trusted proxy's
    // X-Forwarded-For picks the limit's key), the current-password check. Tests beside each module, without the app
    // (password-login.test.ts and client-address.test.ts drive the full app over a socket and are left out).
    mutate: [
      'api/auth/password-login.ts',
      'api/auth/rate-limit.ts',
      'api/auth/passwords.ts',
      'api/auth/current-password.ts',
      'api/auth/client-address.ts',
    ],
    tests: [
      'api/auth/rate-limit.test.ts',
      'api/auth/passwords.test.ts',
      'api/auth/current-password.test.ts',
      'api/auth/password-login.unit.test.ts',
      'api/auth/client-address.unit.test.ts',
    ],
  },
  {
    name: 'store-versions',
    // If-Match inside the store: which base a stale save merges from, the merge or the 412, and what the save records
    // as its own (versioned-content.ts's version checks); the recent versions; loading a file from disk or history.
    // The rest of versioned-content.ts (external edits, refused files, the remote merge) is driven by app-level and
    // git tests; commit messages and the conflict dialog's labels only describe (see bench/mutation/logins-versions.md).
    mutate: [
      'api/store/versions/edit-context.ts',
      'api/store/versions/recent-versions.ts',
      'api/store/versions/content-load.ts',
      'api/store/versions/versioned-content.ts:188-250',
      'api/store/versions/versioned-content.ts:280-293',
    ],
    tests: [
      'api/store/versions/versioned-content.test.ts',
      'api/store/versions/recent-versions.test.ts',
      'api/store/versions/content-load.test.ts',
    ],
  },
  { name: 'schedule', mutate: ['schema/schedule.ts'], tests: ['schema/schedule.test.ts'] },
  {
    name: 'addresses',
    mutate: ['schema/address.ts', 'api/entries/addresses.ts'],
    tests: ['schema/address.test.ts', 'api/entries/addresses.test.ts'],
  },
  {
    name: 'merge',
    mutate: ['api/store/merge/three-way-merge.ts', 'api/store/merge/item-merge.ts', 'api/store/merge/file-merge.ts'],
    tests: [
      'api/store/merge/three-way-merge.test.ts',
      'api/store/merge/three-way-merge.property.test.ts',
      'api/store/merge/item-merge.test.ts',
      'api/store/merge/file-merge.test.ts',
    ],
  },
  {
    name: 'gate',
    mutate: ['api/store/gate/content-gate.ts', 'api/store/gate/content-rules.ts'],
    // gate-next.test.ts drives the gate's functions directly (fast); content-gate.test.ts (the same gate through
    // the admin's saves, an app per test) is left out: it would make every mutant start apps.
    tests: ['api/store/gate/gate-next.test.ts', 'api/store/gate/gate-in-place.test.ts'],
  },
  {
    name: 'folder-store',
    // Posts and projects a file each (decision 333): which files changed outside, the move at start, how a save's
    // files are written, how a folder is loaded. folder-layout-git.test.ts drives real git (seconds per mutant);
    // folder-watch.test.ts (fs.watch events, polled) is left out: a mutant there waits for its polls' timeouts.
    mutate: [
      'api/store/versions/folder-changes.ts',
      'api/store/folder-migration.ts',
      'api/store/folder-files.ts',
      'api/store/versions/content-load.ts:40-135',
      // Hash folders and reading the old ones (decision 336): bucketOf to onePerId.
      'schema/content-layout.ts:36-98',
    ],
    tests: [
      'api/store/folder-layout.test.ts',
      'api/store/folder-layout-git.test.ts',
      'api/store/folder-store-edges.test.ts',
      'api/store/hash-buckets.test.ts',
      'schema/content-layout.test.ts',
      'schema/content-folder-read.test.ts',
    ],
  },
  {
    name: 'entry-bodies',
    // Posts' and projects' bodies in the process's file (decision 345): what is written, read back, shared, frozen.
    mutate: ['api/store/entry-bodies.ts'],
    tests: ['api/store/entry-bodies.test.ts', 'api/store/gate/gate-in-place.test.ts'],
  },
  {
    name: 'preview',
    // The share links' store, and the routes that list, revoke and open them. Making a link (POST) and rendering
    // it need the built site (api/preview/preview.test.ts builds one: minutes per run), so those lines are not
    // mutated here.
    mutate: ['api/store/private/preview-links.ts', 'api/routes/preview.ts:56-117'],
    tests: ['api/preview/preview-links.test.ts'],
  },
  // Git commits, journal, sync (issue 28, second session of 2026-11-28): one group per module, each with fast tests
  // beside it that drive real git in temporary folders (no app).
  {
    name: 'git-text',
    mutate: ['api/store/git/git-text.ts', 'api/store/git/commit-journal.ts'],
    tests: ['api/store/git/git-text.test.ts'],
  },
  {
    name: 'git-repo',
    // tree-edit.ts: the trees a commit writes (decision 333), exercised through content-repo's commits.
    mutate: ['api/store/git/content-repo.ts', 'api/store/git/tree-edit.ts'],
    tests: ['api/store/git/content-repo.test.ts', 'api/store/git/content-repo-folders.test.ts'],
  },
  // How every git process is run (environment, input, errors): its own tests run a few git processes each, so a
  // mutant there never waits for content-repo's repositories (issue 28, third session of 2026-11-28).
  { name: 'git-exec', mutate: ['api/store/git/git-exec.ts'], tests: ['api/store/git/git-exec.test.ts'] },
  // The shell that forks a save's git calls (decision 340): its own tests, a few git processes each.
  { name: 'git-helper', mutate: ['api/store/git/git-helper.ts'], tests: ['api/store/git/git-helper.test.ts'] },
  // The SQLite journal's rows (decision 333: a path table; rows of the older version read as one file).
  {
    name: 'git-journal',
    mutate: ['api/store/private/commit-journal.ts'],
    tests: ['api/store/private/commit-journal.test.ts'],
  },
  {
    name: 'git-recovery',
    mutate: ['api/store/git/recover-commits.ts'],
    tests: ['api/store/git/recover-commits.test.ts'],
  },
  {
    name: 'commit-queue',
    mutate: ['api/store/git/commit-queue.ts'],
    tests: ['api/store/git/commit-queue.test.ts'],
  },
  {
    name: 'git-sync',
    // The webhook's signature check is the `webhook` group; this is the route around it and take/keep.
    mutate: ['api/routes/git-sync.ts'],
    tests: ['api/routes/git-sync.test.ts'],
  },
  // The two-way sync with the content remote: its own test drives createRemoteSync through the real content store
  // (its gate and merge) against a bare remote and a maintainer's clone, no app (issue 28, fourth session).
  { name: 'remote-sync', mutate: ['api/store/git/remote-sync.ts'], tests: ['api/store/git/remote-sync.test.ts'] },
  {
    name: 'page-keys',
    mutate: ['site/src/lib/site-pages.ts'],
    tests: ['site/src/lib/site-pages.test.ts'],
  },
  {
    name: 'publish-keys',
    // Which pages a save publishes and when (decision 286): the publisher's decisions, taken out of site-publisher.ts
    // into a pure module, and the queue (debounce, scheduled times, a save sharing a publish with a scheduled time).
    // site-publisher.test.ts and publish-property.test.ts (the same through a built site) are left out: minutes per mutant.
    mutate: ['api/publish/changed-pages.ts', 'api/publish/publish-queue.ts'],
    tests: ['api/publish/changed-pages.test.ts', 'api/publish/publish-queue.test.ts'],
  },
]

function run(group: Group) {
  const incremental = join('bench', 'mutation', `${group.name}.json`)
  // MUTATION_FORCE=1: every mutant again (Stryker's incremental mode can keep a result after a test's body changed).
  const args = ['run', '--mutate', group.mutate.join(','), '--incrementalFile', incremental, ...(process.env.MUTATION_FORCE ? ['--force'] : [])]
  const stryker = join(root, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js')
  const status = spawnSync(process.execPath, [stryker, ...args], {
    cwd: root,
    stdio: 'inherit',
    // The report goes to reports/mutation/<group>.json (stryker.config.mjs).
    env: { ...process.env, MUTATION_TESTS: group.tests.join(','), MUTATION_GROUP: group.name },
  }).status
  return status
}

type Mutant = { id: string; mutatorName: string; replacement?: string; status: string; location: { start: { line: number; column: number } } }
function summary(group: Group) {
  const file = join(root, 'reports', 'mutation', `${group.name}.json`)
  if (!existsSync(file)) return `${group.name}: no report`
  const report = JSON.parse(readFileSync(file, 'utf8')) as { files: Record<string, { mutants: Mutant[] }> }
  const all = Object.entries(report.files).flatMap(([path, f]) => f.mutants.map((m) => ({ ...m, path })))
  const count = (...s: string[]) => all.filter((m) => s.includes(m.status)).length
  const detected = count('Killed', 'Timeout')
  const valid = detected + count('Survived', 'NoCoverage')
  const survivors = all
    .filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')
    .map((m) => `  ${m.status} ${m.path}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName} → ${JSON.stringify(m.replacement ?? '')}`)
  const score = valid ? ((100 * detected) / valid).toFixed(2) : '—'
  return [`${group.name}: ${score}% (${detected} of ${valid} detected, ${all.length} mutants)`, ...survivors].join('\n')
}

if (import.meta.main) {
  const asked = process.argv.slice(2)
  const groups = asked.length ? GROUPS.filter((g) => asked.includes(g.name)) : GROUPS
  if (asked.length && groups.length !== asked.length) {
    console.error(`Bilinmeyen grup. Gruplar: ${GROUPS.map((g) => g.name).join(', ')}`)
    process.exit(2)
  }
  let failed = false
  for (const group of groups) failed = run(group) !== 0 || failed
  console.log(`\n${groups.map(summary).join('\n')}`)
  process.exit(failed ? 1 : 0)
}
