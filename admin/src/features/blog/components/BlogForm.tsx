import { useRef, useState } from 'react'
import { DEFAULT_AUTHOR } from '#schema/blog.ts'
import { msg } from '#schema/messages.ts'
import { ConflictDialog } from '../../../components/ConflictDialog.tsx'
import { HistoryButton } from '../../../components/HistoryButton.tsx'
import { PreviewPanel } from '../../../components/PreviewPanel.tsx'
import { PublishingFields } from '../../../components/PublishingFields.tsx'
import { toTurkeyInput } from '../../../utils/turkey-time.ts'
import { Card } from '../../../components/ui/Card.tsx'
import { FormActions } from '../../../components/ui/FormActions.tsx'
import { StatusSelect } from '../../../components/ui/StatusSelect.tsx'
import { TextArea } from '../../../components/ui/TextArea.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'
import { conflictOf, useEditConflict } from '../../../hooks/useEditConflict.ts'
import { UploadReportContext, useUploadTracking } from '../../../hooks/useUploadTracking.ts'
import { useMultipartForm } from '../../../hooks/useMultipartForm.ts'
import type { AdminBlogPost } from '../api/get-blogs.ts'
import { useSaveBlog } from '../api/save-blog.ts'
import { buildBlogFormData, emptyBlogValues, type BlogFormValues } from '../blog-form-data.ts'
import { fieldsFromPost, newKey, type BlogField } from '../content-fields.ts'
import { useFormDraft } from '../../../hooks/useFormDraft.tsx'

/** The fields as a draft keeps them: their keys are made anew each time the form opens. */
const keyless = (fields: readonly BlogField[]) => fields.map(({ key: _key, ...field }) => field)
import { BlogFieldList } from './BlogFieldList.tsx'

type Props = {
  /** The post being edited, or undefined for a new one. */
  post?: AdminBlogPost
  onSaved: (message: string) => void
  onCancel: () => void
  onError: (text: string) => void
  /** After a save conflict, when the admin takes the other person's version: load the post again. */
  onReload?: () => void
}

function valuesOf(post: AdminBlogPost | undefined): BlogFormValues {
  if (!post) return emptyBlogValues
  return {
    title: post.title ?? '',
    author: post.author ?? '',
    excerpt: post.excerpt ?? '',
    tagsText: (post.tags ?? []).join(', '),
    status: post.status === 'draft' ? 'draft' : 'published',
    slug: post.slug || post.id,
    publishAt: toTurkeyInput(post.publishAt),
    unpublishAt: toTurkeyInput(post.unpublishAt),
  }
}

/** New or edit form of a post; saves as multipart, images by their src (each image field uploads when chosen). */
export function BlogForm({ post, onSaved: saved, onCancel: cancel, onError, onReload }: Props) {
  const [values, setValues] = useState(() => valuesOf(post))
  const [fields, setFields] = useState<BlogField[]>(() => (post ? fieldsFromPost(post) : []))
  const [baseline] = useState(() => ({ values, fields: keyless(fields) }))
  // Issue 30: what is typed is kept in this browser until saved, and offered again when the form reopens.
  const draft = useFormDraft({
    form: 'blog',
    itemId: post?.id,
    version: post?.version,
    values: { values, fields: keyless(fields) },
    baseline,
    restore: (kept) => {
      setValues(kept.values)
      setFields(kept.fields.map((f) => ({ ...f, key: newKey() })))
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
  const save = useSaveBlog()
  const lastBody = useRef<FormData | null>(null)
  const guard = useEditConflict(draft.version, (version) =>
    save.mutateAsync({ id: post?.id, body: lastBody.current!, version }),
  )
  const { errors, formRef, submit, check } = useMultipartForm({
    build: () => buildBlogFormData(values, fields),
    save: (body) => {
      lastBody.current = body
      return guard.save()
    },
    savedText: post ? msg.blogUpdated : msg.blogCreated,
    errorPrefix: msg.blogSaveError,
    onSaved,
    onError,
  })
  const set = (patch: Partial<BlogFormValues>) => setValues({ ...values, ...patch })

  async function finish(run: () => Promise<{ message?: string }>) {
    try {
      const res = await run()
      onSaved(res.message ?? msg.blogUpdated)
    } catch (error) {
      if (conflictOf(error)) return // the dialog is open again with what clashes now
      onError(msg.blogSaveError + (error instanceof Error ? error.message : msg.genericError))
    }
  }

  const title = post ? 'Blog yazısını düzenle' : 'Yeni blog yazısı'
  const history = post && (
    <HistoryButton collection="blogs" id={post.id} what={post.title} onRestored={onSaved} onError={onError} />
  )
  return (
    <Card title={title} actions={history}>
      <ConflictDialog
        conflict={guard.conflict}
        loaded={post}
        onClose={guard.dismiss}
        onOverwrite={() => void finish(guard.overwrite)}
        onResolve={(choices) => void finish(() => guard.resolve(choices))}
        onReload={() => {
          guard.dismiss()
          onReload?.()
        }}
      />
      {draft.offer}
      <form ref={formRef} className="form" onSubmit={submit} noValidate aria-label={title}>
        <TextField
          label="Başlık"
          required
          value={values.title}
          onChange={(title) => set({ title })}
          error={errors.title}
        />
        <div className="form-row">
          <TextField
            label="Yazar"
            value={values.author}
            onChange={(author) => set({ author })}
            hint={`Boş bırakılırsa "${DEFAULT_AUTHOR}" yazılır.`}
            error={errors.author}
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
        <TextField
          label="Etiketler"
          value={values.tagsText}
          onChange={(tagsText) => set({ tagsText })}
          hint="Virgülle ayırın."
          error={errors.tags}
        />
        <PublishingFields
          base="/blog/"
          values={values}
          onChange={set}
          errors={errors}
          isNew={!post}
        />
        <UploadReportContext value={report}>
          <BlogFieldList fields={fields} onChange={setFields} onLimit={onError} />
        </UploadReportContext>
        <PreviewPanel collection="blogs" id={post?.id} build={() => check()?.data ?? null} onError={onError} />
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
