import { Fragment } from 'react'
import { formatDate, formatDateTime } from '../utils/format-date.ts'

/** An image of ours as a whole value: shown as a thumbnail, never as its /uploads/ path (issue 23). */
const IMAGE = /^\/(uploads|demo)\/[A-Za-z0-9._/-]+\.(jpe?g|png|gif|webp|avif)$/i
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/
const DATE = /^\d{4}-\d{2}-\d{2}$/

function part(text: string) {
  const value = text.trim()
  if (IMAGE.test(value))
    return <img className="diff-thumb" src={value} alt="Görsel" loading="lazy" width={72} height={48} />
  if (DATE_TIME.test(value)) return formatDateTime(value)
  if (DATE.test(value)) return formatDate(value)
  return text
}

/**
 * A changed field's value as people read it (history and conflict views): images as thumbnails, ISO dates as
 * '24 Kasım 2026 21:47', the rest as text. The server sends lists one item a line, a block's parts joined by ' · '.
 */
export function ChangeValue({ text }: { text: string }) {
  return text.split('\n').map((line, i) => (
    <Fragment key={i}>
      {i > 0 && '\n'}
      {line.split(' · ').map((p, j) => (
        <Fragment key={j}>
          {j > 0 && ' · '}
          {part(p)}
        </Fragment>
      ))}
    </Fragment>
  ))
}
