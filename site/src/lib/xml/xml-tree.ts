import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { NS } from './namespaces.ts'

/** An element with its name resolved to a namespace URI and local name, as a namespace-aware DOM would give it. */
export type XmlElement = {
  kind: 'element'
  ns: string | null
  local: string
  /** Attributes by their name as written (UBL's filename and mimeCode carry no prefix). */
  attrs: Record<string, string>
  children: XmlNode[]
}
export type XmlNode =
  XmlElement | { kind: 'text'; value: string } | { kind: 'pi'; target: string; attrs: Record<string, string> }

type RawNode = Record<string, unknown>
type Scope = ReadonlyMap<string, string>

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignorePiTags: false,
  // Character references (&#13; in wrapped base64) must be decoded; DOCTYPE files never get this far.
  htmlEntities: true,
  cdataPropName: '#cdata',
  commentPropName: '#comment',
})

/** True when the text is well-formed XML as far as fast-xml-parser can tell (the browser's parser has the last word). */
export function isWellFormed(text: string): boolean {
  return XMLValidator.validate(text) === true
}

/** Parses XML text into namespace-resolved nodes; throws on text the parser cannot read. */
export function parseXmlTree(text: string): XmlNode[] {
  const raw = parser.parse(text) as RawNode[]
  const scope: Scope = new Map([['xml', NS.xml]])
  return convert(raw, scope)
}

function convert(raw: RawNode[], scope: Scope): XmlNode[] {
  const out: XmlNode[] = []
  for (const node of raw) {
    const name = Object.keys(node).find((k) => k !== ':@')
    if (name === undefined) continue
    const attrs = (node[':@'] ?? {}) as Record<string, string>
    const body = node[name] as RawNode[] | string
    if (name === '#text') out.push({ kind: 'text', value: String(body) })
    else if (name === '#cdata') out.push({ kind: 'text', value: textOf(body as RawNode[]) })
    else if (name === '#comment') continue
    else if (name.startsWith('?')) out.push({ kind: 'pi', target: name.slice(1), attrs })
    else out.push(element(name, attrs, body as RawNode[], scope))
  }
  return out
}

function element(name: string, attrs: Record<string, string>, body: RawNode[], parent: Scope): XmlElement {
  let scope = parent
  for (const [key, value] of Object.entries(attrs)) {
    if (key === 'xmlns' || key.startsWith('xmlns:')) {
      if (scope === parent) scope = new Map(parent)
      ;(scope as Map<string, string>).set(key === 'xmlns' ? '' : key.slice(6), value)
    }
  }
  const colon = name.indexOf(':')
  const prefix = colon === -1 ? '' : name.slice(0, colon)
  const ns = scope.get(prefix) || null
  return { kind: 'element', ns, local: name.slice(colon + 1), attrs, children: convert(body, scope) }
}

function textOf(raw: RawNode[]): string {
  return raw.map((n) => (typeof n['#text'] === 'string' ? n['#text'] : '')).join('')
}

/** The concatenated text and CDATA directly inside an element. */
export function elementText(el: XmlElement): string {
  return el.children.map((c) => (c.kind === 'text' ? c.value : '')).join('')
}

/** Child elements with the given namespace URI and local name. */
export function childrenNamed(el: XmlElement, ns: string, local: string): XmlElement[] {
  return el.children.filter((c): c is XmlElement => c.kind === 'element' && c.ns === ns && c.local === local)
}

/** Every element below the given nodes (document order) with the given namespace URI and local name. */
export function descendantsNamed(nodes: XmlNode[], ns: string, local: string): XmlElement[] {
  const found: XmlElement[] = []
  const walk = (list: XmlNode[]) => {
    for (const n of list) {
      if (n.kind !== 'element') continue
      if (n.ns === ns && n.local === local) found.push(n)
      walk(n.children)
    }
  }
  walk(nodes)
  return found
}

/** The document element, or null when there is none. */
export function rootElement(nodes: XmlNode[]): XmlElement | null {
  return nodes.find((n): n is XmlElement => n.kind === 'element') ?? null
}
