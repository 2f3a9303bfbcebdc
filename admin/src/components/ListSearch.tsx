import { useEffect, useId, useRef, useState } from 'react'
import './list-tools.css'

type Props = {
  /** Visible label of the box, e.g. 'Yazılarda ara'. */
  label: string
  placeholder?: string
  /** Called with the trimmed text a moment after typing stops, or at once on Enter. */
  onSearch: (text: string) => void
  /** Wait after the last keystroke before searching. */
  delayMs?: number
  /** Text the box starts with (the list's current search when the box is drawn again). */
  initial?: string
}

/** A labelled search box that reports its text debounced, so typing does not send a request per key. */
export function ListSearch({ label, placeholder, onSearch, delayMs = 300, initial = '' }: Props) {
  const id = useId()
  const [text, setText] = useState(initial)
  // The latest callback, without restarting the timer when the parent re-renders.
  const report = useRef(onSearch)
  report.current = onSearch
  // The text last reported: typing that only changes spaces, or a redraw with `initial`, searches nothing new.
  const reported = useRef(initial.trim())

  useEffect(() => {
    const wanted = text.trim()
    if (wanted === reported.current) return
    const timer = setTimeout(() => {
      reported.current = wanted
      report.current(wanted)
    }, delayMs)
    return () => clearTimeout(timer)
  }, [text, delayMs])

  return (
    <form
      className="list-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault()
        reported.current = text.trim()
        report.current(reported.current)
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="search"
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  )
}
