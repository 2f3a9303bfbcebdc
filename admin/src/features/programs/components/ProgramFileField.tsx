import { useId, useRef, useState } from 'react'
import { fill, msg } from '#schema/messages.ts'
import { formatFileSize } from '#schema/file-size.ts'
import { MAX_PROGRAM_BYTES } from '#schema/program.ts'
import { FileButton } from '../../../components/ui/FileButton.tsx'

type Props = {
  file: File | null
  onChange: (file: File | null) => void
  /** The stored file when editing ('' when none). */
  currentName?: string
  currentSize?: number
  required: boolean
  error?: string
}

/**
 * The program file: over 50 MB clears the selection and says so under the field, with the formatted size
 * (role="alert", as the field's other errors), until another file is chosen.
 */
export function ProgramFileField({ file, onChange, currentName, currentSize, required, error }: Props) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [tooLarge, setTooLarge] = useState<string | null>(null)
  const shownError = tooLarge ?? error

  function choose(chosen: File | undefined) {
    if (chosen && chosen.size > MAX_PROGRAM_BYTES) {
      setTooLarge(fill(msg.programFileTooLarge, { size: formatFileSize(chosen.size) }))
      if (input.current) input.current.value = ''
      return onChange(null)
    }
    setTooLarge(null)
    onChange(chosen ?? null)
  }

  return (
    <div className={`field${shownError ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        Program Dosyası
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <FileButton
        ref={input}
        id={id}
        status={file ? file.name : 'Dosya seçilmedi'}
        onChange={(e) => choose(e.target.files?.[0])}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {file
          ? `Seçilen dosya: ${file.name} (${formatFileSize(file.size)})`
          : currentName
            ? `Mevcut dosya: ${currentName} (${formatFileSize(currentSize ?? 0)}). Yeni dosya seçmezseniz korunur.`
            : 'En fazla 50 MB.'}
      </p>
      {shownError && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {shownError}
        </p>
      )}
    </div>
  )
}
