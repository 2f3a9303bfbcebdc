import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { median, startServer } from './lib.ts'

/**
 * Requests per second for the same page from our server and from nginx serving the same export folder
 * (SITE_BUILD_DIR/live), in the same run, with wrk (-t2 -c50 -d8s, Accept-Encoding: gzip, br), in ROUNDS rounds
 * alternating which goes first (medians compared). nginx runs as our own process on a temporary config (2 workers
 * running as the bench's user, since the temporary folders are private; sendfile; no access log; no gzip, so it
 * sends the page uncompressed), never the system service.
 * Target (issue 9): ours ≥ 0.8 × nginx.
 */
const SECONDS = Number(process.env.SECONDS ?? 8)
/** Rounds of nginx and ours, alternating which goes first: this machine's speed drifts by ±20 % within a minute. */
const ROUNDS = Number(process.env.ROUNDS ?? 3)
const PAGE = process.env.PAGE ?? '/'
const port = Number(process.env.BENCH_PORT ?? 4321)
const NGINX = process.env.NGINX ?? '/usr/sbin/nginx'
const WRK = process.env.WRK ?? '/usr/bin/wrk'

function wrk(url: string): number {
  const out = spawnSync(WRK, ['-t2', '-c50', `-d${SECONDS}s`, '-H', 'Accept-Encoding: gzip, br', url], { encoding: 'utf8' })
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(out.stdout)
  if (!rate) throw new Error(`wrk: ${out.stdout}${out.stderr}`)
  if (/Non-2xx/.test(out.stdout)) throw new Error(`wrk saw errors: ${out.stdout}`)
  return Number(rate[1])
}

async function startNginx(root: string, nginxPort: number) {
  const dir = await mkdtemp(join(tmpdir(), 'bench-nginx-'))
  const conf = join(dir, 'nginx.conf')
  await writeFile(
    conf,
    `daemon off; user root; worker_processes 2; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { include /etc/nginx/mime.types; access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${nginxPort}; root ${root}; location / { try_files $uri $uri/index.html $uri.html =404; } } }
`,
  )
  const child = spawn(NGINX, ['-c', conf, '-p', dir], { stdio: 'inherit' })
  await new Promise((r) => setTimeout(r, 500))
  return { stop: () => child.kill('SIGTERM') }
}

const ours = await startServer(port, { REBUILD: 'off' })
const nginx = await startNginx(ours.liveDir, port + 1)
try {
  const ourUrl = `${ours.base}${PAGE}`
  const nginxUrl = `http://127.0.0.1:${port + 1}${PAGE}`
  for (const url of [ourUrl, nginxUrl]) if ((await fetch(url)).status !== 200) throw new Error(`${url} does not answer 200`)
  wrk(ourUrl) // warm-up: the page compressed and hot, the JIT warm
  const rates: { nginx: number; ours: number }[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const [nginxRate, ourRate] =
      round % 2 === 0 ? [wrk(nginxUrl), wrk(ourUrl)] : (([o, n]) => [n, o])([wrk(ourUrl), wrk(nginxUrl)])
    rates.push({ nginx: nginxRate!, ours: ourRate! })
    console.log(`round ${round + 1}: nginx ${nginxRate!.toFixed(0)} req/s, ours ${ourRate!.toFixed(0)} req/s, ratio ${(ourRate! / nginxRate!).toFixed(2)}`)
  }
  const nginxRate = median(rates.map((r) => r.nginx))
  const ourRate = median(rates.map((r) => r.ours))
  console.log(`serving ${PAGE}: nginx ${nginxRate.toFixed(0)} req/s, ours ${ourRate.toFixed(0)} req/s (medians of ${ROUNDS} rounds), ratio ${(ourRate / nginxRate).toFixed(2)} (target ≥ 0.80)`)
} finally {
  nginx.stop()
  await ours.stop()
}
