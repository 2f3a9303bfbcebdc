import { defineConfig } from 'playwright/test'

const port = Number(process.env.E2E_PORT ?? 4173)
const baseURL = `http://localhost:${port}`
// Debian's Chromium (Playwright's own browser download does not work here); flags keep it off the network.
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
const launchOptions = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs }

export default defineConfig({
  testDir: 'e2e',
  // Limits, not timings: a clean-clone run on a shared 2-core machine (load 20) saw a save's answer and a screen's
  // first render pass 10 s, and a publish-and-preview test pass 60 s, on code that passes on a quiet machine.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: { baseURL, launchOptions, screenshot: 'only-on-failure', locale: 'tr-TR', timezoneId: 'Europe/Istanbul' },
  projects: [
    // The public pages against the demo content, exactly, before any test edits the shared server's content.
    // The language scan of the public pages (issue 23) reads the demo content too.
    { name: 'site', testMatch: /site-(pages|language)\.spec\.ts$/, fullyParallel: true },
    {
      name: 'chromium',
      testIgnore: [/\.serial\.spec\.ts$/, /site-(pages|language)\.spec\.ts$/],
      grepInvert: /@no-xslt-only/,
      dependencies: ['site'],
    },
    // The XML viewer again with the browser's XSLT switched off, as Chrome ships it from version 158.
    {
      name: 'chromium-no-xslt',
      testMatch: /xml-viewer\.spec\.ts$/,
      use: { launchOptions: { ...launchOptions, args: [...chromiumArgs, '--disable-features=XSLT'] } },
    },
    // Tests that change the whole site for everyone (maintenance mode) run alone, after the others.
    // One worker: serial files (maintenance, blog pagination) must not run beside each other either.
    { name: 'serial', testMatch: /\.serial\.spec\.ts$/, dependencies: ['site', 'chromium', 'chromium-no-xslt'], fullyParallel: false, workers: 1 },
  ],
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `${baseURL}/api/admin/me`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
