import { useRef, useState, type FormEvent } from 'react'
import { contactSettingsInputSchema } from '#schema/contact-settings.ts'
import { msg } from '#schema/messages.ts'
import { ApiError, errorText } from '../../../lib/api-client.ts'
import { validateForm, type FieldErrors } from '../../../lib/validate.ts'
import { useTimedMessage } from '../../../hooks/useTimedMessage.ts'
import { Button } from '../../../components/ui/Button.tsx'
import { Card } from '../../../components/ui/Card.tsx'
import { Notice } from '../../../components/ui/Notice.tsx'
import { TextArea } from '../../../components/ui/TextArea.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'
import { PublishStatus } from '../../../components/PublishStatus.tsx'
import { PreviewPanel } from '../../../components/PreviewPanel.tsx'
import { UploadImageField } from '../../../components/UploadImageField.tsx'
import { UploadReportContext, useUploadTracking } from '../../../hooks/useUploadTracking.ts'
import { useGuardedEditor } from '../../../hooks/useGuardedEditor.tsx'
import { useFormDraft } from '../../../hooks/useFormDraft.tsx'
import { conflictOf } from '../../../hooks/useEditConflict.ts'
import type { LoadedContactSettings } from '../api/get-contact-settings.ts'
import { useSaveContactSettings, type ContactSettingsSave } from '../api/save-contact-settings.ts'
import { socialKeys, socialLabels, toValues, type SettingsValues } from './settings-values.ts'

/** Every contact setting with one save button; the message disappears after 5 s. */
type Props = {
  initial: LoadedContactSettings
  /** Loads the settings again (after a restore, or to take another admin's version). */
  onReload: () => void
}

export function ContactSettingsForm({ initial, onReload }: Props) {
  const [values, setValues] = useState<SettingsValues>(() => toValues(initial))
  const [logo, setLogo] = useState(initial.logo ?? '')
  const { uploading, report } = useUploadTracking()
  const [fields, setFields] = useState<FieldErrors>({})
  const [publishedAt, setPublishedAt] = useState(0)
  const save = useSaveContactSettings()
  const { message, show } = useTimedMessage(5000)
  const [baseline] = useState(() => ({ values, logo }))
  // Issue 30: what is typed is kept in this browser until saved, and offered again when the page reopens.
  const draft = useFormDraft({
    form: 'iletisim-ayarlari',
    itemId: 'ayarlar',
    version: initial.version,
    values: { values, logo },
    baseline,
    restore: (kept) => {
      setValues(kept.values)
      setLogo(kept.logo)
    },
  })
  const [version, setVersion] = useState(initial.version)
  const pending = useRef<Omit<ContactSettingsSave, 'version'> | null>(null)
  const guarded = useGuardedEditor({
    history: { collection: 'contact-settings', what: 'İletişim ayarları' },
    loaded: initial,
    version: draft.version !== initial.version ? draft.version : version,
    send: async (v) => {
      const res = await save.mutateAsync({ ...pending.current!, version: v })
      setVersion(res.version)
      setLogo(res.data?.logo ?? '')
      setPublishedAt(Date.now())
      return res
    },
    savedText: msg.contactSettingsSaved,
    errorPrefix: '',
    onSaved: (text) => {
      show('success', text)
      onReload()
    },
    onError: (text) => show('error', text),
    onReload,
  })
  // value, onChange and error of one plain text setting, spread into its input.
  const bind = (key: Exclude<keyof SettingsValues, 'socialLinks'>) => ({
    value: values[key],
    onChange: (v: string) => setValues((o) => ({ ...o, [key]: v })),
    error: fields[key],
  })
  const setSocial = (key: keyof SettingsValues['socialLinks']) => (v: string) =>
    setValues((o) => ({ ...o, socialLinks: { ...o.socialLinks, [key]: v } }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    const checked = validateForm(contactSettingsInputSchema, values)
    if (!checked.ok) return setFields(checked.fields)
    setFields({})
    pending.current = { input: checked.data, logo }
    try {
      const res = await guarded.save()
      draft.saved()
      show('success', res.message ?? msg.contactSettingsSaved)
    } catch (error) {
      if (conflictOf(error)) return // the conflict dialog asks; no error banner behind it (issue 30)
      setFields(error instanceof ApiError ? error.fields : {})
      show('error', errorText(error, msg.genericError))
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      {guarded.dialog}
      {draft.offer}
      <div className="editor-toolbar">{guarded.history}</div>
      <Card title="Genel Bilgiler">
        <div className="form">
          <UploadReportContext value={report}>
            <UploadImageField
              label="Logo (JPG, PNG, GIF, WEBP)"
              url={logo}
              onChange={(url) => setLogo(url)}
              error={fields.logo}
            />
          </UploadReportContext>
          <TextField label="Sayfa Başlığı" {...bind('title')} />
          <TextArea label="Adres" rows={3} {...bind('address')} />
          <div className="form-row">
            <TextField label="E-posta" type="email" {...bind('email')} />
            <TextField label="Telefon" type="tel" {...bind('phone')} />
            <TextField
              label="WhatsApp Numarası (ülke koduyla)"
              type="tel"
              placeholder="+90 5XX XXX XX XX"
              {...bind('whatsapp')}
            />
          </div>
          <TextField label="Harita yerleştirme bağlantısı" type="url" {...bind('mapUrl')} />
          <TextArea label="Hakkımızda Metni" {...bind('aboutText')} />
          <TextArea
            label="Aydınlatma Metni (KVKK)"
            rows={10}
            hint="İletişim formunun altında gösterilir: formla gelen kişisel verilerin ne için, ne kadar süre saklandığını ve kişinin haklarını anlatır. Paragrafları boş bir satırla ayırın."
            {...bind('privacyNotice')}
          />
        </div>
      </Card>
      <Card title="Sosyal Medya">
        <div className="form-row">
          {socialKeys.map((key) => (
            <TextField
              key={key}
              label={socialLabels[key]}
              type="url"
              placeholder="https://"
              value={values.socialLinks[key]}
              onChange={setSocial(key)}
              error={fields[`socialLinks.${key}`]}
            />
          ))}
        </div>
      </Card>
      <PreviewPanel
        collection="contact-settings"
        shareable
        build={() => {
          const checked = validateForm(contactSettingsInputSchema, values)
          if (!checked.ok) {
            setFields(checked.fields)
            return null
          }
          return { ...checked.data, logo }
        }}
        onError={(text) => show('error', text)}
      />
      <div className="sticky-actions">
        <Notice message={message} />
        <PublishStatus trigger={publishedAt} />
        <Button type="submit" busy={save.isPending} disabled={uploading}>
          Ayarları Kaydet
        </Button>
      </div>
    </form>
  )
}
