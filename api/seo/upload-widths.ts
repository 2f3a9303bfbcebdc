type MediaRecord = { url: string; width?: number }

/** The stored width of an upload by its URL, from the media records (`content/media.json`), kept per version. */
export function uploadWidths(read: () => unknown): (url: string) => number | null {
  let seen: unknown = null
  let byUrl = new Map<string, number>()
  return (url) => {
    const records = read()
    if (records !== seen) {
      seen = records
      byUrl = new Map(
        (Array.isArray(records) ? (records as MediaRecord[]) : []).map((m) => [m.url, m.width ?? 0]),
      )
    }
    return byUrl.get(url) || null
  }
}
