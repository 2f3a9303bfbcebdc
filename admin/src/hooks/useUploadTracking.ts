import { createContext, useCallback, useState } from 'react'

/** Told +1 when an image field starts uploading and -1 when it ends; provided by the form around its fields. */
export const UploadReportContext = createContext<((delta: 1 | -1) => void) | null>(null)

/**
 * Whether any image field inside the form is still uploading: image fields upload as soon as a file is chosen, so
 * the form's save waits (its button disabled) until every chosen image is stored. Provide `report` with
 * `<UploadReportContext value={report}>` around the fields.
 */
export function useUploadTracking() {
  const [count, setCount] = useState(0)
  const report = useCallback((delta: 1 | -1) => setCount((c) => Math.max(0, c + delta)), [])
  return { uploading: count > 0, report }
}
