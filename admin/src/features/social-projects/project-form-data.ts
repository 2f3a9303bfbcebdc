import { projectInputSchema } from '#schema/social-project.ts'
import { buildContentStructure, type ProjectField } from './content-fields.ts'

/** The plain inputs of the project form. */
export type ProjectFormValues = {
  title: string
  project_date: string
  excerpt: string
  status: 'published' | 'draft'
}

export const emptyProjectValues: ProjectFormValues = {
  title: '',
  project_date: '',
  excerpt: '',
  status: 'published',
}

export type ProjectFormResult = { ok: true; body: FormData } | { ok: false; errors: Record<string, string> }

/** Checks the form with the shared schema and builds the multipart body (images by their src: the image fields have uploaded them). */
export function buildProjectFormData(
  values: ProjectFormValues,
  fields: readonly ProjectField[],
): ProjectFormResult {
  const structure = buildContentStructure(fields)
  const parsed = projectInputSchema.safeParse({ ...values, contentStructure: structure })
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
  return { ok: true, body }
}
