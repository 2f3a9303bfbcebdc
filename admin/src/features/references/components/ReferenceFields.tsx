import { Select } from '../../../components/ui/Select.tsx'
import { TextArea } from '../../../components/ui/TextArea.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'
import type { FieldErrors } from '../../../lib/validate.ts'
import { socialKeys, socialLabels, type ReferenceDraft } from '../reference-draft.ts'
import { categoryOptions } from '../reference-logic.ts'

type Props = { draft: ReferenceDraft; onChange: (draft: ReferenceDraft) => void; errors: FieldErrors }

/** Title, description, category, sectors and the five social URLs of a reference card (image handled by the parent). */
export function ReferenceFields({ draft, onChange, errors }: Props) {
  const set = (patch: Partial<ReferenceDraft>) => onChange({ ...draft, ...patch })
  return (
    <>
      <TextField
        label="Başlık"
        value={draft.title}
        onChange={(title) => set({ title })}
        error={errors.title}
      />
      <TextArea
        label="Açıklama"
        value={draft.description}
        onChange={(description) => set({ description })}
        rows={3}
        error={errors.description}
      />
      <div className="form-row">
        <Select
          label="Kategori"
          required
          placeholder="Kategori seçiniz"
          options={categoryOptions}
          value={draft.category}
          onChange={(category) => set({ category })}
          error={errors.category}
        />
        <TextField
          label="Sektörler"
          hint="Virgülle ayırın, en fazla 5 sektör."
          value={draft.sector}
          onChange={(sector) => set({ sector })}
          error={errors.sector}
        />
      </div>
      <fieldset className="reference-socials">
        <legend>Sosyal medya bağlantıları</legend>
        <div className="form-row">
          {socialKeys.map((key) => (
            <TextField
              key={key}
              label={socialLabels[key]}
              type="url"
              placeholder="https://"
              value={draft.socials[key]}
              onChange={(v) => set({ socials: { ...draft.socials, [key]: v } })}
              error={errors[`socials.${key}`]}
            />
          ))}
        </div>
      </fieldset>
    </>
  )
}
