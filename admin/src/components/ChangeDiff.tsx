import { wordDiff } from '../utils/word-diff.ts'
import { ChangeValue } from './ChangeValue.tsx'

/** Values shown as pictures or dates (ChangeValue) are compared whole; plain text word by word. */
const WHOLE = /\/(uploads|demo)\/|\d{4}-\d{2}-\d{2}/

/**
 * A changed field of 'Geçmiş' as track changes (issue 30): in a text only the words that changed are marked,
 * deletions struck through and insertions underlined, the rest shown once. Images and dates stay whole values.
 */
export function ChangeDiff({ before, after }: { before: string; after: string }) {
  if (!before || !after || WHOLE.test(before) || WHOLE.test(after)) {
    return (
      <>
        {before && (
          <del className="diff-text">
            <ChangeValue text={before} />
          </del>
        )}
        {after && (
          <ins className="diff-text">
            <ChangeValue text={after} />
          </ins>
        )}
      </>
    )
  }
  return (
    <p className="diff-words">
      {wordDiff(before, after).map((part, i) =>
        part.kind === 'same' ? (
          <span key={i}>{part.text}</span>
        ) : part.kind === 'removed' ? (
          <del key={i} className="diff-word diff-word--removed">
            {part.text}
          </del>
        ) : (
          <ins key={i} className="diff-word diff-word--added">
            {part.text}
          </ins>
        ),
      )}
    </p>
  )
}
