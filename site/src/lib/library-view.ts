import type { LibraryItem } from '#schema/library.ts'

/** The kind of icon and the short type name a member sees for an item ('PDF', 'XML', 'Excel', 'Bağlantı'). */
export type ItemType = {
  icon: 'pdf' | 'xml' | 'sheet' | 'doc' | 'slides' | 'image' | 'zip' | 'text' | 'link'
  label: string
}

const BY_MIME: Record<string, ItemType> = {
  'application/pdf': { icon: 'pdf', label: 'PDF' },
  'application/xml': { icon: 'xml', label: 'XML' },
  'text/csv': { icon: 'sheet', label: 'CSV' },
  'text/plain': { icon: 'text', label: 'Metin' },
  'application/zip': { icon: 'zip', label: 'ZIP' },
  'image/png': { icon: 'image', label: 'PNG' },
  'image/jpeg': { icon: 'image', label: 'JPEG' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { icon: 'doc', label: 'Word' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { icon: 'sheet', label: 'Excel' },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    icon: 'slides',
    label: 'PowerPoint',
  },
  'application/vnd.oasis.opendocument.text': { icon: 'doc', label: 'ODT' },
  'application/vnd.oasis.opendocument.spreadsheet': { icon: 'sheet', label: 'ODS' },
  'application/vnd.oasis.opendocument.presentation': { icon: 'slides', label: 'ODP' },
}

/** The item's icon and type name. */
export function itemType(item: Pick<LibraryItem, 'kind' | 'mime'>): ItemType {
  if (item.kind === 'link') return { icon: 'link', label: 'Bağlantı' }
  return BY_MIME[item.mime] ?? { icon: 'text', label: 'Dosya' }
}

/** Where 'Görüntüle' goes: a PDF in the browser's viewer, an XML in the site's XML viewer; null for the rest. */
export function viewHref(item: Pick<LibraryItem, 'id' | 'kind' | 'mime'>): string | null {
  if (item.kind !== 'file') return null
  if (item.mime === 'application/pdf') return fileHref(item.id)
  if (item.mime === 'application/xml') return `/xml-goruntuleyici?kutuphane=${encodeURIComponent(item.id)}`
  return null
}

/** The file's address; `download` asks the server for an attachment (a PDF otherwise opens inline). */
export const fileHref = (id: string, download = false) =>
  `/api/library/items/${encodeURIComponent(id)}/file${download ? '?indir=1' : ''}`

/** True when the item was added after `since` (the member's previous visit; null: nothing is new). */
export function isNew(item: Pick<LibraryItem, 'createdAt'>, since: string | null): boolean {
  if (!since) return false
  return Date.parse(item.createdAt) > Date.parse(since)
}

/**
 * The avatar's letter: the name's first letter in Turkish capitals ('i' → 'İ', 'ı' → 'I'), without
 * toLocaleUpperCase, whose locale data would be the first Intl work of the dashboard's render (decision 319).
 */
export function initialOf(name: string): string {
  const first = Array.from(name.trim())[0] ?? ''
  if (first === 'i') return 'İ'
  if (first === 'ı') return 'I'
  return first.toUpperCase()
}
