/** The names our uploads have in content (same pattern as api/media/upload-usage.ts). */
const UPLOAD_URL = /\/uploads\/[A-Za-z0-9_-]+\.[A-Za-z0-9]+/g

/**
 * Every /uploads/ URL any version of the content has referred to: read once from the git history at start, then
 * grown with each saved or loaded version, so asking is a set lookup and never a history walk.
 */
export function createUploadIndex(historyText: Promise<string>) {
  const seen = new Set<string>()
  const addText = (text: string) => {
    for (const url of text.match(UPLOAD_URL) ?? []) seen.add(url)
  }
  const ready = historyText.then(addText, () => {})
  return {
    /** Records the uploads a version refers to. */
    add: (value: unknown) => addText(typeof value === 'string' ? value : JSON.stringify(value ?? null)),
    /** True when some version in history (or held by the server) refers to the upload. */
    async has(url: string): Promise<boolean> {
      await ready
      return seen.has(url)
    },
  }
}

export type UploadIndex = ReturnType<typeof createUploadIndex>
