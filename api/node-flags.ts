/**
 * How the server process is started (package.json's `start`, the benches and isolated test servers):
 * - `--max-semi-space-size=8`: Node 24 lets V8's young generation grow to 64 MB per semi-space on a large machine,
 *   and the pages it grows to stay resident.
 * - `MALLOC_MMAP_THRESHOLD_=16384` (glibc): page bodies and their brotli/gzip forms (16 KB–2 MB) are allocated
 *   from mmap and given back when freed, instead of fragmenting the main heap after glibc's dynamic threshold
 *   has grown. Ignored where the C library is not glibc.
 * - `--expose-gc`: api/ops/memory-trim.ts asks for a collection after publishes once their replaced Buffers add up to
 *   16 MB, instead of V8's 64 MB (issue 33 point 3: RSS flat under steady saves).
 * Together they keep a 10,000-post site well under 400 MB RSS (bench/README.md, decision 022), with no
 * measurable cost to serving or publishing.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--expose-gc']
export const SERVER_ENV: Record<string, string> = { MALLOC_MMAP_THRESHOLD_: '16384' }
