import { TextArea } from '../../../components/ui/TextArea.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'
import type { FieldErrors } from '../../../lib/validate.ts'
import type { PartnerDraft } from '../partner-draft.ts'

type PartnerFieldsProps = {
  draft: PartnerDraft
  onChange: (draft: PartnerDraft) => void
  errors: FieldErrors
  /** The card editor saves on blur; the creation form passes nothing. */
  onBlur?: () => void
}

/** Title, description, link and the three statistic rows of a partner card. */
export function PartnerFields({ draft, onChange, errors, onBlur }: PartnerFieldsProps) {
  const set = (patch: Partial<PartnerDraft>) => onChange({ ...draft, ...patch })
  const setStat = (index: number, key: 'value' | 'label', text: string) =>
    set({ stats: draft.stats.map((s, i) => (i === index ? { ...s, [key]: text } : s)) })
  return (
    <>
      <TextField
        label="Kart başlığı"
        required
        value={draft.title}
        onChange={(title) => set({ title })}
        onBlur={onBlur}
        error={errors.title}
      />
      <TextArea
        label="Kart açıklaması"
        value={draft.description}
        onChange={(description) => set({ description })}
        onBlur={onBlur}
        rows={2}
        error={errors.description}
      />
      <TextField
        label="Bağlantı"
        type="url"
        placeholder="https://"
        value={draft.link}
        onChange={(link) => set({ link })}
        onBlur={onBlur}
        error={errors.link}
      />
      <fieldset className="partner-stats">
        <legend>İstatistikler</legend>
        {draft.stats.map((stat, i) => (
          <div className="form-row" key={i}>
            <TextField
              label={`${i + 1}. değer`}
              value={stat.value}
              onChange={(v) => setStat(i, 'value', v)}
              onBlur={onBlur}
              error={errors[`stats.${i}.value`]}
            />
            <TextField
              label={`${i + 1}. etiket`}
              value={stat.label}
              onChange={(v) => setStat(i, 'label', v)}
              onBlur={onBlur}
              error={errors[`stats.${i}.label`]}
            />
          </div>
        ))}
      </fieldset>
    </>
  )
}
