/**
 * Node flags the server runs with (package.json's `start`, the benches and isolated test servers).
 * `--max-semi-space-size=8`: Node 24 sizes V8's young generation up to 64 MB per semi-space on a large machine,
 * and the pages it grows to stay resident; 8 MB keeps a 10,000-post site under 400 MB RSS (bench/README.md)
 * with no measurable cost to serving or publishing.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8']
