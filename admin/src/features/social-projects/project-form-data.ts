import { projectInputSchema } from '#schema/social-project.ts'
import { fromTurkeyInput } from '../../utils/turkey-time.ts'
import { buildContentStructure, type ProjectField } from './content-fields.ts'

/** The plain inputs of the project form. */
export type ProjectFormValues = {
  title: string
  project_date: string
  excerpt: string
  status: 'published' | 'draft'
  /** The 'Adres' field; '' for a new project: made from the title. */
  slug: string
  /** datetime-local values in Turkey's time ('' for none). */
  publishAt: string
  unpublishAt: string
}

export const emptyProjectValues: ProjectFormValues = {
  title: '',
  project_date: '',
  excerpt: '',
  status: 'published',
  slug: '',
  publishAt: '',
  unpublishAt: '',
}

export type ProjectFormResult =
  | { ok: true; body: FormData; data: Record<string, unknown> }
  | { ok: false; errors: Record<string, string> }

/** Checks the form with the shared schema and builds the multipart body (images by their src: the image fields have uploaded them). */
export function buildProjectFormData(
  values: ProjectFormValues,
  fields: readonly ProjectField[],
): ProjectFormResult {
  const structure = buildContentStructure(fields)
  const parsed = projectInputSchema.safeParse({
    ...values,
    contentStructure: structure,
    slug: values.slug.trim() || undefined,
    publishAt: fromTurkeyInput(values.publishAt),
    unpublishAt: fromTurkeyInput(values.unpublishAt),
  })
  if (!parsed.success) {
    const errors: Record<string, string> = {}
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message
    return { ok: false, errors }
  }
  const p = parsed.data
  const body = new FormData()
  body.append('title', p.title)
  body.append('excerpt', p.excerpt)
  body.append('status', p.status)
  body.append('project_date', p.project_date)
  body.append('contentStructure', JSON.stringify(p.contentStructure))
  // Always sent, so that clearing a time clears it ('' = none); the address only when typed.
  if (p.slug) body.append('slug', p.slug)
  body.append('publishAt', p.publishAt ?? '')
  body.append('unpublishAt', p.unpublishAt ?? '')
  const data = { ...p, publishAt: p.publishAt ?? '', unpublishAt: p.unpublishAt ?? '' }
  return { ok: true, body, data }
}
