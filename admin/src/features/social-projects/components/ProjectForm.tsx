import { useRef, useState, type FormEvent } from 'react'
import { msg } from '#schema/messages.ts'
import { Button } from '../../../components/ui/Button.tsx'
import { Card } from '../../../components/ui/Card.tsx'
import { Select } from '../../../components/ui/Select.tsx'
import { TextArea } from '../../../components/ui/TextArea.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import type { AdminProject } from '../api/get-projects.ts'
import { useSaveProject } from '../api/save-project.ts'
import { fieldsFromProject, type ProjectField } from '../content-fields.ts'
import { buildProjectFormData, emptyProjectValues, type ProjectFormValues } from '../project-form-data.ts'
import { ProjectFieldList } from './ProjectFieldList.tsx'

const statusOptions = [
  { value: 'published', label: 'Yayında' },
  { value: 'draft', label: 'Taslak' },
]

type Props = {
  /** The project being edited, or undefined for a new one. */
  project?: AdminProject
  onSaved: (message: string) => void
  onCancel: () => void
  onError: (text: string) => void
}

function valuesOf(p: AdminProject | undefined): ProjectFormValues {
  if (!p) return emptyProjectValues
  return {
    title: p.title ?? '',
    // Stored dates may carry a time; the date input needs yyyy-mm-dd.
    project_date: (p.project_date ?? '').slice(0, 10),
    excerpt: p.excerpt ?? '',
    status: p.status === 'draft' ? 'draft' : 'published',
  }
}

/** New or edit form of a social project; saves as multipart with the ordered content fields. */
export function ProjectForm({ project, onSaved, onCancel, onError }: Props) {
  const [values, setValues] = useState(() => valuesOf(project))
  const [fields, setFields] = useState<ProjectField[]>(() => (project ? fieldsFromProject(project) : []))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const formRef = useRef<HTMLFormElement>(null)
  const save = useSaveProject()
  const set = (patch: Partial<ProjectFormValues>) => setValues({ ...values, ...patch })

  async function submit(e: FormEvent) {
    e.preventDefault()
    const built = buildProjectFormData(values, fields)
    if (!built.ok) {
      setErrors(built.errors)
      // The title may be far above the Save button: bring the first invalid field into view.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      )
      if (built.errors.contentStructure) onError(built.errors.contentStructure)
      return
    }
    setErrors({})
    try {
      const res = await save.mutateAsync({ id: project?.id, body: built.body })
      onSaved(res.message ?? (project ? msg.projectUpdated : msg.projectCreated))
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields)
      const detail = error instanceof ApiError && error.serverMessage ? error.serverMessage : msg.genericError
      onError(msg.projectSaveError + detail)
    }
  }

  const title = project ? 'Projeyi düzenle' : 'Yeni proje'
  return (
    <Card title={title}>
      <form ref={formRef} className="form" onSubmit={submit} noValidate aria-label={title}>
        <TextField
          label="Proje başlığı"
          required
          value={values.title}
          onChange={(v) => set({ title: v })}
          error={errors.title}
        />
        <div className="form-row">
          <TextField
            label="Proje tarihi"
            type="date"
            required
            value={values.project_date}
            onChange={(project_date) => set({ project_date })}
            error={errors.project_date}
          />
          <Select
            label="Durum"
            options={statusOptions}
            value={values.status}
            onChange={(status) => set({ status: status === 'draft' ? 'draft' : 'published' })}
          />
        </div>
        <TextArea
          label="Özet"
          value={values.excerpt}
          onChange={(excerpt) => set({ excerpt })}
          rows={2}
          hint="Boş bırakılırsa başlığın ilk 150 karakteri kullanılır."
          error={errors.excerpt}
        />
        <ProjectFieldList fields={fields} onChange={setFields} onLimit={onError} />
        <div className="actions">
          <Button type="submit" busy={save.isPending}>
            Kaydet
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={save.isPending}>
            İptal
          </Button>
        </div>
      </form>
    </Card>
  )
}
