/**
 * Lists the function names called in text read as XPath. It tokenises the way XPath does (names are maximal runs of
 * name characters and may hold '-' and '.', numbers start with a digit or '.', everything else is an operator or a
 * separator), so `1-document(`, `-document(`, `(document(`, `a|document(` and `fn:document (` all yield `document`
 * while `my-document(` and `x.document(` yield other names. Quotes are not treated as string literals: the caller
 * reads whole stylesheet text, where quotes delimit attributes; a name inside a real literal is reported as well.
 */
export function calledFunctions(text: string): string[] {
  const calls: string[] = []
  let i = 0
  while (i < text.length) {
    const ch = text[i]!
    if (isNameStart(ch)) {
      const start = i
      while (i < text.length && (isNameChar(text[i]!) || text[i] === ':')) i++
      const name = text.slice(start, i)
      let j = i
      while (j < text.length && XPATH_SPACE.has(text[j]!)) j++
      if (text[j] === '(') calls.push(localName(name))
    } else if (isDigit(ch) || (ch === '.' && isDigit(text[i + 1] ?? ''))) {
      i++
      while (i < text.length && (isDigit(text[i]!) || text[i] === '.')) i++
    } else i++
  }
  return calls
}

const XPATH_SPACE = new Set([' ', '\t', '\r', '\n'])
const isDigit = (ch: string) => ch >= '0' && ch <= '9'
// Every non-ASCII character counts as a name character: a name the engine rejects fails to compile, so reading
// more into a name never hides a call that would run.
const isNameStart = (ch: string) => /[A-Za-z_]/.test(ch) || ch.charCodeAt(0) >= 0x80
const isNameChar = (ch: string) => isNameStart(ch) || isDigit(ch) || ch === '-' || ch === '.'
/** `fn:document` and `document` call the same function; a QName's prefix never changes what is loaded. */
const localName = (name: string) => name.slice(name.lastIndexOf(':') + 1)
