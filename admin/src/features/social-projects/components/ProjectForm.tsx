import { useRef, useState } from 'react'
import { msg } from '#schema/messages.ts'
import { Card } from '../../../components/ui/Card.tsx'
import { DateTextField } from '../../../components/ui/DateTextField.tsx'
import { FormActions } from '../../../components/ui/FormActions.tsx'
import { StatusSelect } from '../../../components/ui/StatusSelect.tsx'
import { PreviewPanel } from '../../../components/PreviewPanel.tsx'
import { PublishingFields } from '../../../components/PublishingFields.tsx'
import { toTurkeyInput } from '../../../utils/turkey-time.ts'
import { TextArea } from '../../../components/ui/TextArea.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'
import { useGuardedEditor } from '../../../hooks/useGuardedEditor.tsx'
import { UploadReportContext, useUploadTracking } from '../../../hooks/useUploadTracking.ts'
import { useMultipartForm } from '../../../hooks/useMultipartForm.ts'
import type { AdminProject } from '../api/get-projects.ts'
import { useSaveProject } from '../api/save-project.ts'
import { fieldsFromProject, newKey, type ProjectField } from '../content-fields.ts'
import { useFormDraft } from '../../../hooks/useFormDraft.tsx'

/** The fields as a draft keeps them: their keys are made anew each time the form opens. */
const keyless = (fields: readonly ProjectField[]) => fields.map(({ key: _key, ...field }) => field)
import { buildProjectFormData, emptyProjectValues, type ProjectFormValues } from '../project-form-data.ts'
import { ProjectFieldList } from './ProjectFieldList.tsx'

type Props = {
  /** The project being edited, or undefined for a new one. */
  project?: AdminProject
  onSaved: (message: string) => void
  onCancel: () => void
  onError: (text: string) => void
  /** After a save conflict, when the admin takes the other person's version: load the project again. */
  onReload?: () => void
}

function valuesOf(p: AdminProject | undefined): ProjectFormValues {
  if (!p) return emptyProjectValues
  return {
    title: p.title ?? '',
    // Stored dates may carry a time; the date field takes yyyy-mm-dd.
    project_date: (p.project_date ?? '').slice(0, 10),
    excerpt: p.excerpt ?? '',
    status: p.status === 'draft' ? 'draft' : 'published',
    slug: p.slug || p.id,
    publishAt: toTurkeyInput(p.publishAt),
    unpublishAt: toTurkeyInput(p.unpublishAt),
  }
}

/** New or edit form of a social project; saves as multipart with the ordered content fields. */
export function ProjectForm({ project, onSaved: saved, onCancel: cancel, onError, onReload }: Props) {
  const [values, setValues] = useState(() => valuesOf(project))
  const [fields, setFields] = useState<ProjectField[]>(() => (project ? fieldsFromProject(project) : []))
  const [baseline] = useState(() => ({ values, fields: keyless(fields) }))
  // Issue 30: what is typed is kept in this browser until saved, and offered again when the form reopens.
  const draft = useFormDraft({
    form: 'proje',
    itemId: project?.id,
    version: project?.version,
    values: { values, fields: keyless(fields) },
    baseline,
    restore: (kept) => {
      setValues(kept.values)
      setFields(kept.fields.map((f) => ({ ...f, key: newKey() }) as ProjectField))
    },
  })
  const onSaved = (message: string) => {
    draft.saved()
    saved(message)
  }
  const onCancel = async () => {
    if (await draft.confirmLeave()) cancel()
  }
  const { uploading, report } = useUploadTracking()
  const save = useSaveProject()
  const lastBody = useRef<FormData | null>(null)
  const guarded = useGuardedEditor({
    history: project && { collection: 'social-projects', id: project.id, what: project.title },
    loaded: project,
    version: draft.version,
    send: (version) => save.mutateAsync({ id: project?.id, body: lastBody.current!, version }),
    savedText: msg.projectUpdated,
    errorPrefix: msg.projectSaveError,
    onSaved,
    onError,
    onReload: () => onReload?.(),
  })
  const { errors, formRef, submit, check } = useMultipartForm({
    build: () => buildProjectFormData(values, fields),
    save: (body) => {
      lastBody.current = body
      return guarded.save()
    },
    savedText: project ? msg.projectUpdated : msg.projectCreated,
    errorPrefix: msg.projectSaveError,
    onSaved,
    onError,
  })
  const set = (patch: Partial<ProjectFormValues>) => setValues({ ...values, ...patch })

  const title = project ? 'Projeyi düzenle' : 'Yeni proje'
  return (
    <Card title={title} actions={guarded.history}>
      {guarded.dialog}
      {draft.offer}
      <form ref={formRef} className="form" onSubmit={submit} noValidate aria-label={title}>
        <TextField
          label="Proje başlığı"
          required
          value={values.title}
          onChange={(v) => set({ title: v })}
          error={errors.title}
        />
        <div className="form-row">
          <DateTextField
            label="Proje tarihi"
            required
            value={values.project_date}
            onChange={(project_date) => set({ project_date })}
            hint="Gün.ay.yıl (örneğin 15.04.2025)."
            error={errors.project_date}
          />
          <StatusSelect value={values.status} onChange={(status) => set({ status })} />
        </div>
        <TextArea
          label="Özet"
          value={values.excerpt}
          onChange={(excerpt) => set({ excerpt })}
          rows={2}
          hint="Boş bırakılırsa başlığın ilk 150 karakteri kullanılır."
          error={errors.excerpt}
        />
        <PublishingFields
          base="/sosyal-sorumluluk/"
          values={values}
          onChange={set}
          errors={errors}
          isNew={!project}
        />
        <UploadReportContext value={report}>
          <ProjectFieldList fields={fields} onChange={setFields} onLimit={onError} />
        </UploadReportContext>
        <PreviewPanel
          collection="social-projects"
          id={project?.id}
          build={() => check()?.data ?? null}
          onError={onError}
        />
        <FormActions
          busy={save.isPending}
          submitDisabled={uploading}
          onCancel={() => void onCancel()}
          cancelVariant="ghost"
          lockCancel
        />
      </form>
    </Card>
  )
}
