import {
  MAX_PROJECT_FIELDS,
  MAX_PROJECT_IMAGES,
  MAX_PROJECT_TEXT,
  type ProjectContentItem,
} from '#schema/social-project.ts'
import { msg } from '#schema/messages.ts'

export type FieldType = 'text' | 'heading' | 'image'
export type HeadingLevel = 2 | 3 | 4

/** One editable block: text, heading (level 2–4) or image (its `src`, uploaded when chosen; optional caption). */
export type ProjectField = {
  key: string
  type: FieldType
  content: string
  level: HeadingLevel
  caption: string
  src: string
}

let counter = 0
/** A key unique in this page (randomUUID needs a secure context, which a plain-http admin may not be). */
export function newKey(): string {
  counter += 1
  return `p${Date.now().toString(36)}${counter}`
}

/** A blank field of the given type; headings start at level 2. */
export function newField(type: FieldType): ProjectField {
  return { key: newKey(), type, content: '', level: 2, caption: '', src: '' }
}

/** Why a field of this type cannot be added, or null when it can. Headings count toward the total only. */
export function addFieldError(fields: readonly ProjectField[], type: FieldType): string | null {
  if (fields.length >= MAX_PROJECT_FIELDS) return msg.projectFieldsMax
  if (type === 'text' && fields.filter((f) => f.type === 'text').length >= MAX_PROJECT_TEXT)
    return msg.projectTextMax
  if (type === 'image' && fields.filter((f) => f.type === 'image').length >= MAX_PROJECT_IMAGES)
    return msg.projectImageMax
  return null
}

/**
 * contentStructure with order = index; images by their src (uploaded when chosen, so the save carries no files).
 * Blank texts and headings and image fields with no image are left out (nothing to show).
 */
export function buildContentStructure(fields: readonly ProjectField[]): ProjectContentItem[] {
  const structure: ProjectContentItem[] = []
  for (const f of fields) {
    const base = {
      id: f.key,
      type: f.type,
      content: f.type === 'image' ? '' : f.content,
      level: f.level,
      caption: f.type === 'image' ? f.caption : '',
      order: structure.length,
      alt: f.type === 'image' ? f.caption : '',
    }
    if (f.type !== 'image') {
      if (f.content.trim() !== '') structure.push(base)
    } else if (f.src) structure.push({ ...base, src: f.src })
  }
  return structure
}

const levelOf = (value: unknown): HeadingLevel => (value === 3 || value === 4 ? value : 2)

/** Editable fields from a stored project (contentStructure or content_structure, maybe JSON text), by order. */
export function fieldsFromProject(project: {
  contentStructure?: unknown
  content_structure?: unknown
}): ProjectField[] {
  let raw = project.contentStructure ?? project.content_structure
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw)
    } catch {
      raw = []
    }
  }
  if (!Array.isArray(raw)) return []
  return [...(raw as Partial<ProjectContentItem>[])]
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .filter((i) => i.type === 'text' || i.type === 'heading' || i.type === 'image')
    .map((i) => ({
      key: typeof i.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(i.id) ? i.id : newKey(),
      type: i.type as FieldType,
      content: i.content ?? '',
      level: levelOf(i.level),
      caption: i.caption ?? '',
      src: i.src ?? '',
    }))
}
