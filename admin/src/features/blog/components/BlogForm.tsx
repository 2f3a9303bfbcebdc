import { useRef, useState, type FormEvent } from 'react'
import { DEFAULT_AUTHOR } from '#schema/blog.ts'
import { msg } from '#schema/messages.ts'
import { Button } from '../../../components/ui/Button.tsx'
import { Card } from '../../../components/ui/Card.tsx'
import { Select } from '../../../components/ui/Select.tsx'
import { TextArea } from '../../../components/ui/TextArea.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import type { AdminBlogPost } from '../api/get-blogs.ts'
import { useSaveBlog } from '../api/save-blog.ts'
import { buildBlogFormData, emptyBlogValues, type BlogFormValues } from '../blog-form-data.ts'
import { fieldsFromPost, type BlogField } from '../content-fields.ts'
import { BlogFieldList } from './BlogFieldList.tsx'

export const statusOptions = [
  { value: 'published', label: 'Yayında' },
  { value: 'draft', label: 'Taslak' },
] as const

type Props = {
  /** The post being edited, or undefined for a new one. */
  post?: AdminBlogPost
  onSaved: (message: string) => void
  onCancel: () => void
  onError: (text: string) => void
}

function valuesOf(post: AdminBlogPost | undefined): BlogFormValues {
  if (!post) return emptyBlogValues
  return {
    title: post.title ?? '',
    author: post.author ?? '',
    excerpt: post.excerpt ?? '',
    tagsText: (post.tags ?? []).join(', '),
    status: post.status === 'draft' ? 'draft' : 'published',
  }
}

/** New or edit form of a post; saves as multipart (new images as files, kept ones by src). */
export function BlogForm({ post, onSaved, onCancel, onError }: Props) {
  const [values, setValues] = useState(() => valuesOf(post))
  const [fields, setFields] = useState<BlogField[]>(() => (post ? fieldsFromPost(post) : []))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const formRef = useRef<HTMLFormElement>(null)
  const save = useSaveBlog()
  const set = (patch: Partial<BlogFormValues>) => setValues({ ...values, ...patch })

  async function submit(e: FormEvent) {
    e.preventDefault()
    const built = buildBlogFormData(values, fields)
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
      const res = await save.mutateAsync({ id: post?.id, body: built.body })
      onSaved(res.message ?? (post ? msg.blogUpdated : msg.blogCreated))
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields)
      const detail = error instanceof ApiError && error.serverMessage ? error.serverMessage : msg.genericError
      onError(msg.blogSaveError + detail)
    }
  }

  return (
    <Card title={post ? 'Blog yazısını düzenle' : 'Yeni blog yazısı'}>
      <form
        ref={formRef}
        className="form"
        onSubmit={submit}
        noValidate
        aria-label={post ? 'Blog yazısını düzenle' : 'Yeni blog yazısı'}
      >
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
        <TextField
          label="Etiketler"
          value={values.tagsText}
          onChange={(tagsText) => set({ tagsText })}
          hint="Virgülle ayırın."
          error={errors.tags}
        />
        <BlogFieldList fields={fields} onChange={setFields} onLimit={onError} />
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
