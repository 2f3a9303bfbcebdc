import { useRef, useState, type FormEvent } from 'react'
import { aboutSchema, isAboutEmpty, type About } from '#schema/about.ts'
import { msg } from '#schema/messages.ts'
import { errorText } from '../../../lib/api-client.ts'
import { useTimedMessage } from '../../../hooks/useTimedMessage.ts'
import { Button } from '../../../components/ui/Button.tsx'
import { PreviewPanel } from '../../../components/PreviewPanel.tsx'
import { Notice } from '../../../components/ui/Notice.tsx'
import { PublishStatus } from '../../../components/PublishStatus.tsx'
import { useGuardedEditor } from '../../../hooks/useGuardedEditor.tsx'
import { conflictOf } from '../../../hooks/useEditConflict.ts'
import { useFormDraft } from '../../../hooks/useFormDraft.tsx'
import { UploadReportContext, useUploadTracking } from '../../../hooks/useUploadTracking.ts'
import type { LoadedAbout } from '../api/get-about.ts'
import { useSaveAbout } from '../api/save-about.ts'
import { AboutBlock, type BlockValues } from './AboutBlock.tsx'

/** Both blocks and one Save: images upload when chosen; Save sends the seven fields once they are stored. */
type Props = {
  initial: LoadedAbout
  /** Loads the page again (after a restore, or to take another admin's version). */
  onReload: () => void
}

export function AboutEditor({ initial, onReload }: Props) {
  const [first, setFirst] = useState<BlockValues>({
    title: initial.title2,
    description: initial.description1,
    image: initial.image1,
  })
  const [second, setSecond] = useState<BlockValues>({
    title: initial.title3,
    description: initial.description2,
    image: initial.image2,
  })
  const [baseline] = useState(() => ({ first, second }))
  // Issue 30: what is typed is kept in this browser until saved, and offered again when the page reopens.
  const draft = useFormDraft({
    form: 'biz-kimiz',
    itemId: 'sayfa',
    version: initial.version,
    values: { first, second },
    baseline,
    restore: (kept) => {
      setFirst(kept.first)
      setSecond(kept.second)
    },
  })
  const { uploading, report } = useUploadTracking()
  const [publishedAt, setPublishedAt] = useState(0)
  const save = useSaveAbout()
  const { message, show } = useTimedMessage(3000)
  const [version, setVersion] = useState(initial.version)
  const pending = useRef<{ about: About; create: boolean } | null>(null)
  const saved = (res: { message?: string; version?: string }, create: boolean) => {
    draft.saved()
    setVersion(res.version)
    show('success', res.message ?? (create ? msg.aboutCreated : msg.aboutUpdated))
    setPublishedAt(Date.now())
  }
  const guarded = useGuardedEditor({
    history: { collection: 'about', what: 'Biz Kimiz / Hakkımızda' },
    loaded: initial,
    version: draft.version !== initial.version ? draft.version : version,
    send: async (v) => {
      const res = await save.mutateAsync({ ...pending.current!, version: v })
      saved(res, pending.current!.create)
      return res
    },
    savedText: msg.aboutUpdated,
    errorPrefix: '',
    onSaved: (text) => {
      show('success', text)
      onReload()
    },
    onError: (text) => show('error', text),
    onReload,
  })

  /** The seven fields as a save sends them (the preview sends the same). */
  const fields = () => ({
    title1: '',
    title2: first.title,
    description1: first.description,
    image1: first.image,
    title3: second.title,
    description2: second.description,
    image2: second.image,
  })

  async function submit(e: FormEvent) {
    e.preventDefault()
    const checked = aboutSchema.safeParse({
      title1: '',
      title2: first.title,
      description1: first.description,
      image1: first.image,
      title3: second.title,
      description2: second.description,
      image2: second.image,
    })
    if (!checked.success) return show('error', checked.error.issues[0]?.message ?? msg.aboutSaveError)
    const create = isAboutEmpty(initial)
    pending.current = { about: checked.data, create }
    try {
      await guarded.save()
    } catch (error) {
      if (conflictOf(error)) return // the conflict dialog asks; no error banner behind it (issue 30)
      show('error', errorText(error, msg.aboutSaveError))
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      {guarded.dialog}
      {draft.offer}
      <div className="editor-toolbar">{guarded.history}</div>
      <UploadReportContext value={report}>
        <AboutBlock
          heading="Birinci Bölüm"
          imageSide="right"
          value={first}
          onChange={(patch) => setFirst((b) => ({ ...b, ...patch }))}
        />
        <AboutBlock
          heading="İkinci Bölüm"
          imageSide="left"
          value={second}
          onChange={(patch) => setSecond((b) => ({ ...b, ...patch }))}
        />
      </UploadReportContext>
      <PreviewPanel
        collection="about"
        shareable
        build={() => {
          const checked = aboutSchema.safeParse(fields())
          if (checked.success) return checked.data
          show('error', checked.error.issues[0]?.message ?? msg.aboutSaveError)
          return null
        }}
        onError={(text) => show('error', text)}
      />
      <div className="sticky-actions">
        <Notice message={message} />
        <PublishStatus trigger={publishedAt} />
        <Button type="submit" busy={save.isPending} disabled={uploading}>
          Kaydet
        </Button>
      </div>
    </form>
  )
}
