import { useState, type FormEvent } from 'react'
import { aboutSchema, isAboutEmpty, type About } from '#schema/about.ts'
import { msg } from '#schema/messages.ts'
import { errorText } from '../../../lib/api-client.ts'
import { uploadImage } from '../../../lib/upload.ts'
import { useTimedMessage } from '../../../hooks/useTimedMessage.ts'
import { Button } from '../../../components/ui/Button.tsx'
import { Notice } from '../../../components/ui/Notice.tsx'
import { PublishStatus } from '../../../components/PublishStatus.tsx'
import { useSaveAbout } from '../api/save-about.ts'
import { AboutBlock, type BlockValues } from './AboutBlock.tsx'

/** Both blocks and one Save: new images are uploaded first, then the seven fields are sent. */
export function AboutEditor({ initial }: { initial: About }) {
  const [first, setFirst] = useState<BlockValues>({
    title: initial.title2,
    description: initial.description1,
    image: initial.image1,
    file: null,
  })
  const [second, setSecond] = useState<BlockValues>({
    title: initial.title3,
    description: initial.description2,
    image: initial.image2,
    file: null,
  })
  const [uploading, setUploading] = useState(false)
  const [publishedAt, setPublishedAt] = useState(0)
  const save = useSaveAbout()
  const { message, show } = useTimedMessage(3000)

  async function submit(e: FormEvent) {
    e.preventDefault()
    let image1 = first.image
    let image2 = second.image
    setUploading(true)
    try {
      if (first.file) image1 = await uploadImage(first.file)
      if (second.file) image2 = await uploadImage(second.file)
    } catch (error) {
      window.alert(errorText(error, msg.imageUploadError))
      return
    } finally {
      setUploading(false)
    }
    const checked = aboutSchema.safeParse({
      title1: '',
      title2: first.title,
      description1: first.description,
      image1,
      title3: second.title,
      description2: second.description,
      image2,
    })
    if (!checked.success) return show('error', checked.error.issues[0]?.message ?? msg.aboutSaveError)
    const create = isAboutEmpty(initial)
    save.mutate(
      { about: checked.data, create },
      {
        onSuccess: (res) => {
          setFirst((b) => ({ ...b, image: image1, file: null }))
          setSecond((b) => ({ ...b, image: image2, file: null }))
          show('success', res.message ?? (create ? msg.aboutCreated : msg.aboutUpdated))
          setPublishedAt(Date.now())
        },
        onError: (error) => show('error', errorText(error, msg.aboutSaveError)),
      },
    )
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <AboutBlock heading="Birinci Bölüm" imageSide="right" value={first} onChange={setFirst} />
      <AboutBlock heading="İkinci Bölüm" imageSide="left" value={second} onChange={setSecond} />
      <div className="sticky-actions">
        <Notice message={message} />
        <PublishStatus trigger={publishedAt} />
        <Button type="submit" busy={uploading || save.isPending}>
          Kaydet
        </Button>
      </div>
    </form>
  )
}
