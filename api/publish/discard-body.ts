/** Bodies up to this size are read and dropped after a 413, so the connection stays usable; larger ones close it. */
const MAX_DISCARD_BYTES = 8 * 1024 * 1024
const MAX_DISCARD_MS = 5000

/**
 * Reads and drops what is left of a refused request body; false when it cannot (too large, too slow, already
 * half read by a limit that counted a chunked body): then the caller closes the connection instead.
 */
export async function discardBody(request: Request): Promise<boolean> {
  const body = request.body
  if (!body) return true
  if (body.locked) return false
  const declared = Number(request.headers.get('content-length') ?? NaN)
  if (declared > MAX_DISCARD_BYTES) return false
  const reader = body.getReader()
  const deadline = Date.now() + MAX_DISCARD_MS
  let seen = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return true
      seen += value.byteLength
      if (seen > MAX_DISCARD_BYTES || Date.now() > deadline) return false
    }
  } catch {
    return false
  } finally {
    reader.releaseLock()
  }
}
