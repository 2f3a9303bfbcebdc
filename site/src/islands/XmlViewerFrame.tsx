import { useEffect, useRef, useState } from 'react'
import {
  documentMessage,
  FRAME_SANDBOX,
  PRINT_MESSAGE,
  readHeightMessage,
  SHELL_URL,
} from '../lib/xml/frame-document.ts'
import type { EngineName } from '../lib/xml/render.ts'

type Props = { fileName: string; html: string; engine: EngineName; onChooseAnother: () => void }

/**
 * The rendered document in its isolated frames, with 'Yazdır' and 'Başka dosya seç'. Only the helper script we
 * put into the document may talk to us: its window is the shell's first frame, and it only reports a height.
 */
export function XmlViewerFrame({ fileName, html, engine, onChooseAnother }: Props) {
  const frameRef = useRef<HTMLIFrameElement>(null)
  const [height, setHeight] = useState(200)
  const title = `Görüntülenen belge: ${fileName}`
  const [shellLoaded, setShellLoaded] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      const documentWindow = frameRef.current?.contentWindow?.frames[0]
      if (!documentWindow || event.source !== documentWindow) return
      const reported = readHeightMessage(event.data)
      if (reported !== null) setHeight(reported)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [])

  useEffect(() => headingRef.current?.focus(), [])

  // The shell has an opaque origin, so '*' is the only target that reaches it; it accepts messages from us only.
  useEffect(() => {
    if (shellLoaded) frameRef.current?.contentWindow?.postMessage(documentMessage(html, title), '*')
  }, [shellLoaded, html, title])

  function print() {
    // The document prints itself (window.print() inside its frame), so only the document is printed.
    frameRef.current?.contentWindow?.frames[0]?.postMessage(PRINT_MESSAGE, '*')
  }

  return (
    <section className="xml-viewer__result" aria-labelledby="xml-viewer-result-title">
      <div className="xml-viewer__toolbar">
        <h2 id="xml-viewer-result-title" className="xml-viewer__name" tabIndex={-1} ref={headingRef}>
          {fileName}
        </h2>
        <div className="btn-row">
          <button type="button" className="btn btn--primary" onClick={print}>
            Yazdır
          </button>
          <button type="button" className="btn btn--outline" onClick={onChooseAnother}>
            Başka dosya seç
          </button>
        </div>
      </div>
      <iframe
        ref={frameRef}
        className="xml-viewer__frame"
        title={title}
        sandbox={FRAME_SANDBOX}
        src={SHELL_URL}
        onLoad={() => setShellLoaded(true)}
        style={{ height }}
        data-engine={engine}
        referrerPolicy="no-referrer"
      />
    </section>
  )
}
