/**
 * Import rules (issue 28), checked in `npm test` by scripts/dependency-rules.test.ts. Paths are the repository's;
 * imports that only bring types (`import type`, `{ type X }`) are left out, as at run time (the checker strips
 * types first: dependency-cruiser cannot read TypeScript 7, see scripts/dependency-rules.ts).
 */
// Extension-free: the checker cruises a type-stripped copy (.ts → .js, .tsx → .jsx).
const TEST_FILE = '(\\.test\\.|^api/testing/)'

/** Import circles tolerated: none (issue 27 removed the last ones, content-store ↔ versions and upload-keep ↔ usage). */
const KNOWN_CIRCLES = []

module.exports = {
  forbidden: [
    {
      name: 'no-circle-in-api',
      comment: 'No import circle anywhere in api/ (or schema/): a module is loaded before the one it needs.',
      severity: 'error',
      from: { path: '^(api|schema)/', ...(KNOWN_CIRCLES.length ? { pathNot: KNOWN_CIRCLES } : {}) },
      to: { circular: true },
    },
    {
      name: 'schema-imports-no-app',
      comment: 'schema/ is shared by the API, the admin and the site: it imports nothing of theirs.',
      severity: 'error',
      from: { path: '^schema/' },
      to: { path: '^(api|admin|site)/' },
    },
    {
      name: 'admin-and-site-import-no-api',
      comment:
        'The admin and the site never run API code (types are fine: they are stripped before the check). Their ' +
        'tests may compare with the API (admin/src/lib/guarded-deletes.test.ts, site/src/html-validity.test.ts).',
      severity: 'error',
      from: { path: '^(admin|site)/', pathNot: TEST_FILE },
      to: { path: '^api/' },
    },
    {
      name: 'publish-knows-no-routes',
      comment: 'Publishing does not know the HTTP routes or the app that mounts them.',
      severity: 'error',
      from: { path: '^api/publish/' },
      to: { path: '^api/(routes/|app\\.)' },
    },
    {
      name: 'production-imports-no-test-code',
      comment: 'Test-only code lives in api/testing/ (or beside the tests); production code never imports it.',
      severity: 'error',
      from: { path: '^(api|schema|admin|site)/', pathNot: TEST_FILE },
      to: { path: TEST_FILE },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
  },
}
