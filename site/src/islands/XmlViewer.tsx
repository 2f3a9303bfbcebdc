import { useEffect, useRef, useState } from 'react'
import { msg } from '#schema/messages.ts'
import { fileNameFromDisposition } from '../lib/download.ts'
import { isXmlFileName } from '../lib/xml/file-name.ts'
import { problemMessage } from '../lib/xml/problems.ts'
import type { EngineName } from '../lib/xml/render.ts'
import { XmlViewerFrame } from './XmlViewerFrame.tsx'
import { XmlViewerPicker } from './XmlViewerPicker.tsx'
import './notice.css'
import './xml-viewer.css'

type State =
  | { step: 'pick'; file: File | null; message: string | null }
  | { step: 'working'; file: File }
  | { step: 'shown'; file: File; html: string; engine: EngineName }

// The parser, the checks and the engines are loaded only once a file is chosen; the page itself stays light.
const loadRenderer = () => import('../lib/xml/render.ts')
const INPUT_ID = 'xml-viewer-file'
const LOAD_FAILED = problemMessage({
  kind: 'process',
  detail: 'görüntüleyici yüklenemedi; lütfen sayfayı yenileyip tekrar deneyin.',
})

/** The XML viewer: choose a local .xml file, render it with its embedded XSLT in an isolated frame, print it. */
export function XmlViewer() {
  const [state, setState] = useState<State>({ step: 'pick', file: null, message: null })
  const inputRef = useRef<HTMLInputElement>(null)
  // The server-rendered input works before this script runs (a slow phone takes a second or two): a file chosen
  // meanwhile is picked up here, and until then the picker says 'Hazırlanıyor...' (issue 23).
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => {
    setHydrated(true)
    const input = inputRef.current
    const early = input?.files?.[0]
    if (early && input) {
      choose(early)
      input.value = ''
      return
    }
    // '?kutuphane=<id>': a members' library XML ('Görüntüle', issue 31), read with the member's session and shown
    // at once; like a local file it is rendered here and sent nowhere.
    const libraryId = new URLSearchParams(window.location.search).get('kutuphane')
    if (libraryId && /^[A-Za-z0-9_-]{1,64}$/.test(libraryId)) void openLibraryFile(libraryId)
    // Once, at mount: a file chosen later arrives through onChange.
  }, [])

  async function openLibraryFile(id: string) {
    const placeholder = new File([], 'kutuphane.xml')
    setState({ step: 'working', file: placeholder })
    try {
      const response = await fetch(`/api/library/items/${id}/file?indir=1`, { credentials: 'same-origin' })
      if (!response.ok) {
        const message = response.status === 401 ? msg.librarySessionEnded : msg.xmlReadError
        setState({ step: 'pick', file: null, message })
        return
      }
      const name = fileNameFromDisposition(response.headers.get('content-disposition'), 'kutuphane.xml')
      const file = new File([await response.blob()], name, { type: 'application/xml' })
      await show(file)
    } catch {
      setState({ step: 'pick', file: null, message: msg.xmlReadError })
    }
  }

  function choose(file: File | undefined) {
    if (!file) return
    if (!isXmlFileName(file.name)) {
      setState({ step: 'pick', file: null, message: msg.xmlNotXml })
      return
    }
    setState({ step: 'pick', file, message: null })
    loadRenderer()
      .then((m) => m.warmUpEngine())
      .catch(() => {})
  }

  async function view() {
    if (state.step !== 'pick') return
    const { file } = state
    if (!file) {
      setState({ ...state, message: msg.xmlNoFile })
      return
    }
    await show(file)
  }

  async function show(file: File) {
    setState({ step: 'working', file })
    let outcome
    try {
      outcome = await (await loadRenderer()).renderFile(file)
    } catch {
      setState({ step: 'pick', file, message: LOAD_FAILED })
      return
    }
    if (outcome.ok) setState({ step: 'shown', file, html: outcome.html, engine: outcome.engine })
    else setState({ step: 'pick', file, message: problemMessage(outcome.problem) })
  }

  function chooseAnother() {
    setState({ step: 'pick', file: null, message: null })
    inputRef.current?.click()
  }

  return (
    <div className="xml-viewer" data-ready={hydrated || undefined}>
      {/* Always mounted, so 'Başka dosya seç' can open the file dialog from the result view. */}
      <input
        ref={inputRef}
        id={INPUT_ID}
        className="visually-hidden"
        type="file"
        accept=".xml,text/xml,application/xml"
        disabled={state.step === 'working'}
        onChange={(e) => {
          choose(e.currentTarget.files?.[0])
          // Cleared so that choosing the same file again still fires a change.
          e.currentTarget.value = ''
        }}
      />
      {state.step === 'shown' ? (
        <XmlViewerFrame
          fileName={state.file.name}
          html={state.html}
          engine={state.engine}
          onChooseAnother={chooseAnother}
        />
      ) : (
        <XmlViewerPicker
          inputId={INPUT_ID}
          file={state.file}
          ready={hydrated}
          busy={state.step === 'working'}
          message={state.step === 'pick' ? state.message : null}
          onChoose={choose}
          onView={view}
        />
      )}
    </div>
  )
}
