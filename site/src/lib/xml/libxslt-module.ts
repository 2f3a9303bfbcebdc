/** The part of the libxslt-wasm Emscripten module (dist/output/libxslt.js) the viewer calls. */
export type LibxsltModule = {
  HEAPU8: Uint8Array
  _malloc(size: number): number
  _free(ptr: number): void
  stringToNewUTF8(text: string): number
  UTF8ToString(ptr: number, maxBytes?: number): string
  // Calls that may suspend (JSPI) return promises; awaiting a plain number is harmless.
  _xmlReadMemory(
    buffer: number,
    size: number,
    url: number,
    encoding: number,
    options: number,
  ): number | Promise<number>
  _xsltParseStylesheetDoc(doc: number): number | Promise<number>
  _xsltApplyStylesheet(style: number, doc: number, params: number): number | Promise<number>
  _xsltSaveResultTo(buffer: number, result: number, style: number): number
  _xmlAllocOutputBuffer(encoder: number): number
  _xmlOutputBufferGetContent(buffer: number): number
  _xmlOutputBufferGetSize(buffer: number): number
  _xmlOutputBufferClose(buffer: number): number
  _xmlFreeDoc(doc: number): void
  _xsltFreeStylesheet(style: number): void
} & Record<`_exslt${string}Register`, () => void>

/** Why a transformation failed, at the step where it did. */
export type LibxsltStep = 'document' | 'stylesheet' | 'transform' | 'serialize'
export class LibxsltError extends Error {
  readonly step: LibxsltStep
  constructor(step: LibxsltStep) {
    super(`libxslt: ${step} failed`)
    this.step = step
  }
}

// libxml2's XML_PARSE_NONET: the parser may not open network resources (our checks already refuse any that ask).
const XML_PARSE_NONET = 1 << 11

// The EXSLT modules xsltproc also offers; not 'Dyn' or 'Saxon', which evaluate XPath built at run time.
const EXSLT = ['Common', 'Math', 'Sets', 'Func', 'Date', 'Str'] as const

/** Registers the EXSLT extension functions the viewer allows; call once per module. */
export function registerExslt(mod: LibxsltModule): void {
  for (const name of EXSLT) mod[`_exslt${name}Register`]()
}

async function readDocument(mod: LibxsltModule, text: string): Promise<number> {
  const bytes = new TextEncoder().encode(text)
  const buffer = mod._malloc(bytes.length)
  // The text is already decoded by us: tell libxml2 it is UTF-8 whatever its declaration says.
  const encoding = mod.stringToNewUTF8('UTF-8')
  try {
    mod.HEAPU8.set(bytes, buffer)
    return await mod._xmlReadMemory(buffer, bytes.length, 0, encoding, XML_PARSE_NONET)
  } finally {
    mod._free(encoding)
    mod._free(buffer)
  }
}

/** Applies the stylesheet to the document and serializes the result with its xsl:output, as xsltproc does. */
export async function transformWithModule(mod: LibxsltModule, xml: string, xslt: string): Promise<string> {
  const doc = await readDocument(mod, xml)
  if (!doc) throw new LibxsltError('document')
  try {
    const styleDoc = await readDocument(mod, xslt)
    if (!styleDoc) throw new LibxsltError('stylesheet')
    // From here the stylesheet owns styleDoc and frees it with itself.
    const style = await mod._xsltParseStylesheetDoc(styleDoc)
    if (!style) throw new LibxsltError('stylesheet')
    try {
      const result = await mod._xsltApplyStylesheet(style, doc, 0)
      if (!result) throw new LibxsltError('transform')
      try {
        return serialize(mod, result, style)
      } finally {
        mod._xmlFreeDoc(result)
      }
    } finally {
      mod._xsltFreeStylesheet(style)
    }
  } finally {
    mod._xmlFreeDoc(doc)
  }
}

function serialize(mod: LibxsltModule, result: number, style: number): string {
  const buffer = mod._xmlAllocOutputBuffer(0)
  if (!buffer) throw new LibxsltError('serialize')
  try {
    if (mod._xsltSaveResultTo(buffer, result, style) < 0) throw new LibxsltError('serialize')
    return mod.UTF8ToString(mod._xmlOutputBufferGetContent(buffer), mod._xmlOutputBufferGetSize(buffer))
  } finally {
    mod._xmlOutputBufferClose(buffer)
  }
}
