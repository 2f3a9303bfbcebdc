import { useRef, useState, type FormEvent } from 'react'
import { useFormDraft } from '../../../hooks/useFormDraft.tsx'
import { conflictOf } from '../../../hooks/useEditConflict.ts'
import { msg } from '#schema/messages.ts'
import { DEFAULT_VERSION, programInputSchema } from '#schema/program.ts'
import { ApiError, errorText } from '../../../lib/api-client.ts'
import { validateForm, type FieldErrors } from '../../../lib/validate.ts'
import { Card } from '../../../components/ui/Card.tsx'
import { FormActions } from '../../../components/ui/FormActions.tsx'
import { UploadImageField } from '../../../components/UploadImageField.tsx'
import { UploadReportContext, useUploadTracking } from '../../../hooks/useUploadTracking.ts'
import { TextArea } from '../../../components/ui/TextArea.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'
import type { AdminProgram } from '../api/get-programs.ts'
import { useGuardedEditor } from '../../../hooks/useGuardedEditor.tsx'
import { useSaveProgram, type ProgramSave } from '../api/save-program.ts'
import { ProgramFileField } from './ProgramFileField.tsx'
import { PreviewPanel } from '../../../components/PreviewPanel.tsx'

type Props = {
  program: AdminProgram | null
  onSaved: (text: string) => void
  onError: (text: string) => void
  onCancel: () => void
  /** Takes the other admin's version after a conflict: the list is loaded again and the form closes. */
  onReload: () => void
}

/** New or edit program: name and description required, version defaults to 1.0.0, file required on create. */
export function ProgramForm({ program, onSaved: saved, onError, onCancel: cancel, onReload }: Props) {
  const editing = program !== null
  const [name, setName] = useState(program?.name ?? '')
  const [description, setDescription] = useState(program?.description ?? '')
  const [version, setVersion] = useState(program?.version ?? DEFAULT_VERSION)
  const [logoPath, setLogoPath] = useState(program?.logoPath ?? '')
  const { uploading, report } = useUploadTracking()
  const [file, setFile] = useState<File | null>(null)
  const [fields, setFields] = useState<FieldErrors>({})
  const [baseline] = useState(() => ({ name, description, version, logoPath }))
  // Issue 30: what is typed is kept in this browser until saved (not the chosen file: a browser cannot keep it).
  const draft = useFormDraft({
    form: 'program',
    itemId: program?.id,
    version: program?.contentVersion,
    values: { name, description, version, logoPath },
    baseline,
    restore: (kept) => {
      setName(kept.name)
      setDescription(kept.description)
      setVersion(kept.version)
      setLogoPath(kept.logoPath)
    },
  })
  const onSaved = (text: string) => {
    draft.saved()
    saved(text)
  }
  const onCancel = async () => {
    if (await draft.confirmLeave()) cancel()
  }
  const save = useSaveProgram()
  const pending = useRef<Omit<ProgramSave, 'contentVersion'> | null>(null)
  const guarded = useGuardedEditor({
    history: program ? { collection: 'programs', id: program.id, what: program.name } : undefined,
    loaded: program,
    version: draft.version,
    send: (contentVersion) => save.mutateAsync({ ...pending.current!, contentVersion }),
    savedText: msg.programUpdated,
    errorPrefix: '',
    onSaved,
    onError,
    onReload,
  })

  async function submit(e: FormEvent) {
    e.preventDefault()
    const checked = validateForm(programInputSchema, { name, description, version })
    const problems: FieldErrors = checked.ok ? {} : { ...checked.fields }
    if (!editing && !file) problems.file = msg.programFileRequired
    if (!checked.ok || Object.keys(problems).length > 0) return setFields(problems)
    setFields({})
    pending.current = { id: program?.id ?? null, input: checked.data, logoPath, file }
    try {
      const res = await guarded.save()
      onSaved(res.message ?? (editing ? msg.programUpdated : msg.programCreated))
    } catch (error) {
      if (conflictOf(error)) return // the conflict dialog asks; no error banner behind it (issue 30)
      if (error instanceof ApiError) setFields(error.fields)
      onError(errorText(error, msg.programSaveError))
    }
  }

  return (
    <Card title={editing ? 'Programı Düzenle' : 'Yeni Program'} actions={guarded.history}>
      {guarded.dialog}
      {draft.offer}
      <form className="form" onSubmit={submit} noValidate>
        <div className="form-row">
          <TextField label="Program Adı" required value={name} onChange={setName} error={fields.name} />
          <TextField
            label="Versiyon"
            value={version}
            onChange={setVersion}
            error={fields.version}
            placeholder={DEFAULT_VERSION}
          />
        </div>
        <TextArea
          label="Açıklama"
          required
          value={description}
          onChange={setDescription}
          error={fields.description}
        />
        <UploadReportContext value={report}>
          <UploadImageField
            label="Logo (isteğe bağlı)"
            url={logoPath}
            onChange={(url) => setLogoPath(url)}
            error={fields.logoPath ?? fields.logo}
          />
        </UploadReportContext>
        <ProgramFileField
          file={file}
          onChange={setFile}
          currentName={program?.hasFile === false ? '' : program?.fileName}
          currentSize={program?.fileSize}
          required={!editing}
          error={fields.file}
        />
        <PreviewPanel
          collection="programs"
          id={program?.id}
          build={() => {
            const checked = validateForm(programInputSchema, { name, description, version })
            if (!checked.ok) {
              setFields(checked.fields)
              return null
            }
            return { ...checked.data, logoPath }
          }}
          onError={onError}
        />
        <FormActions
          submitLabel={editing ? 'Güncelle' : 'Program Ekle'}
          busy={save.isPending}
          submitDisabled={uploading}
          onCancel={() => void onCancel()}
        />
      </form>
    </Card>
  )
}
