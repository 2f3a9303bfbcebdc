import { DateTextField } from './ui/DateTextField.tsx'
import { TextField } from './ui/TextField.tsx'

/** The address and schedule inputs of a post or project form (issue 21), as the user types them. */
export type PublishingValues = { slug: string; publishAt: string; unpublishAt: string }

type Props = {
  /** '/blog/' or '/sosyal-sorumluluk/' (the address part follows it; not shown: no paths on screen). */
  base: string
  values: PublishingValues
  onChange: (patch: Partial<PublishingValues>) => void
  errors: Record<string, string | undefined>
  /** A new item: a blank address is made from the title. */
  isNew: boolean
}

/** 'Adres', 'Yayın zamanı' and 'Yayından kaldırma zamanı' (Turkey's time). */
export function PublishingFields({ base, values, onChange, errors, isNew }: Props) {
  return (
    <>
      <TextField
        label="Adres"
        value={values.slug}
        onChange={(slug) => onChange({ slug })}
        hint={
          isNew
            ? 'Sayfanın adresi. Boş bırakılırsa başlıktan oluşturulur (Türkçe harfler sadeleştirilir).'
            : 'Sayfanın adresi. Değiştirirseniz eski adres yeni adrese yönlenir.'
        }
        error={errors.slug}
        autoComplete="off"
        spellCheck={false}
      />
      <div className="form-row">
        <DateTextField
          label="Yayın zamanı"
          withTime
          value={values.publishAt}
          onChange={(publishAt) => onChange({ publishAt })}
          hint="Gün.ay.yıl saat:dakika, Türkiye saatiyle (örneğin 28.11.2026 09:30). Boş bırakılırsa kaydedince yayımlanır."
          error={errors.publishAt}
        />
        <DateTextField
          label="Yayından kaldırma zamanı"
          withTime
          value={values.unpublishAt}
          onChange={(unpublishAt) => onChange({ unpublishAt })}
          hint="Gün.ay.yıl saat:dakika, Türkiye saatiyle. Boş bırakılırsa yayında kalır."
          error={errors.unpublishAt}
        />
      </div>
    </>
  )
}
