import type { Picture } from '#schema/media.ts'

/** A program as the programs island shows it; downloads is null until the API has told us the count. */
export type ProgramView = {
  id: string
  name: string
  description: string
  version: string
  logo: string
  /** The logo's <picture> (AVIF/WebP copies for its 64 px box) when the API or the build knows them. */
  logoPicture?: Picture
  fileSize: number
  downloads: number | null
  hasFile: boolean
}

const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback)
const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0

function isPicture(value: unknown): value is Picture {
  const p = value as Partial<Picture> | null
  return typeof p?.src === 'string' && typeof p.width === 'number' && Array.isArray(p.sources)
}

/** Reads one entry of GET /api/programs (or a build-time program); null when it has no id or name. */
export function toProgramView(raw: unknown): ProgramView | null {
  if (!raw || typeof raw !== 'object') return null
  const p = raw as Record<string, unknown>
  if (typeof p.id !== 'string' || typeof p.name !== 'string') return null
  return {
    id: p.id,
    name: p.name,
    description: text(p.description),
    version: text(p.version) || '1.0.0',
    logo: text(p.logoPath) || text(p.logo),
    logoPicture: isPicture(p.logoPicture) ? p.logoPicture : undefined,
    fileSize: count(p.fileSize),
    downloads: typeof p.downloads === 'number' ? count(p.downloads) : null,
    // The API sends hasFile; build-time content only knows whether a file path is stored.
    hasFile: typeof p.hasFile === 'boolean' ? p.hasFile : text(p.filePath) !== '',
  }
}

/** The list from GET /api/programs ({ data: [...] }); null when the answer has no list. */
export function programsFromBody(body: Record<string, unknown>): ProgramView[] | null {
  if (!Array.isArray(body.data)) return null
  return body.data.map(toProgramView).filter((p): p is ProgramView => p !== null)
}

/**
 * The shown programs with the download counts of the live list (a preview: its programs are the editor's unsaved
 * values, but the counts are private data the page always reads live).
 */
export function withLiveCounts(shown: ProgramView[], live: ProgramView[]): ProgramView[] {
  const counts = new Map(live.map((p) => [p.id, p.downloads]))
  return shown.map((p) => ({ ...p, downloads: counts.get(p.id) ?? p.downloads }))
}
