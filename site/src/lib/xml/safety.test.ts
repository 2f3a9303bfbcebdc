import { describe, expect, it } from 'vitest'
import { hasDoctypeOrEntity, stylesheetRisk } from './safety.ts'

const sheet = (body: string, extraNs = '') =>
  `<?xml version="1.0"?><xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"${extraNs}>${body}</xsl:stylesheet>`

describe('hasDoctypeOrEntity', () => {
  it('finds a DOCTYPE with an internal subset and a lone ENTITY, in any case', () => {
    expect(
      hasDoctypeOrEntity(
        '<?xml version="1.0"?>\n<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
      ),
    ).toBe(true)
    expect(hasDoctypeOrEntity('<!doctype a><a/>')).toBe(true)
    expect(hasDoctypeOrEntity('<!ENTITY x "y">')).toBe(true)
  })

  it('passes an ordinary UBL document', () => {
    expect(
      hasDoctypeOrEntity('<Invoice xmlns="urn:x"><cbc:Note>DOCTYPE &amp; ENTITY</cbc:Note></Invoice>'),
    ).toBe(false)
  })
})

describe('stylesheetRisk', () => {
  it('passes a stylesheet that only reads its input, with scripts that use the DOM', () => {
    const body =
      '<xsl:template match="/"><script>document.getElementById("q"); x.document(1)</script></xsl:template>'
    expect(stylesheetRisk(sheet(body))).toBeNull()
  })

  it('refuses xsl:import and xsl:include, whatever the prefix', () => {
    expect(stylesheetRisk(sheet('<xsl:import href="https://x.invalid/a.xsl"/>'))).toBe('import')
    expect(stylesheetRisk(sheet('<t:include href="a.xsl"/>'))).toBe('include')
    expect(stylesheetRisk(sheet('<include\nhref="a.xsl"/>'))).toBe('include')
  })

  it('refuses document() in a select, with spaces, and hidden behind character references', () => {
    expect(stylesheetRisk(sheet(`<xsl:value-of select="document('/api/admin/me')"/>`))).toBe('document')
    expect(stylesheetRisk(sheet(`<xsl:copy-of select="count(document ('a.xml'))"/>`))).toBe('document')
    expect(stylesheetRisk(sheet(`<xsl:value-of select="docu&#109;ent('x')"/>`))).toBe('document')
    expect(stylesheetRisk(sheet(`<xsl:value-of select="&#x64;ocument('x')"/>`))).toBe('document')
  })

  // Finding 6 of issue 13: the old pattern skipped a document( preceded by '-', so these got through.
  it.each([
    `1-document('/rss.xml')`,
    `-document('/rss.xml')`,
    `(document('/rss.xml'))`,
    `foo|document('/rss.xml')`,
    `count(/)*document('x')`,
    `$v+document('x')`,
    `x[document('x')]`,
    `{document('x')}`,
    `fn:document\n('x')`,
    `1 -docu&#109;ent('x')`,
    `doc('x')`,
    `unparsed-text('x')`,
  ])('refuses a loading call in any expression context: %s', (expr) => {
    expect(stylesheetRisk(sheet(`<xsl:value-of select="${expr}"/>`))).toBe('document')
    expect(stylesheetRisk(sheet(`<p title="{${expr}}"/>`))).toBe('document')
  })

  it('refuses the elements that write or read other documents', () => {
    expect(stylesheetRisk(sheet('<exsl:document href="x"/>'))).toBe('document')
    expect(stylesheetRisk(sheet('<xsl:result-document href="x"/>'))).toBe('document')
  })

  it('passes names that only contain the word', () => {
    expect(stylesheetRisk(sheet(`<xsl:value-of select="my-document('x') + a.document(1)"/>`))).toBeNull()
  })

  it('refuses the EXSLT dynamic and Saxon extension namespaces, which evaluate XPath built at run time', () => {
    expect(stylesheetRisk(sheet('', ' xmlns:dyn="http://exslt.org/dynamic"'))).toBe('dynamic')
    expect(stylesheetRisk(sheet('', ' xmlns:s="http://icl.com/saxon"'))).toBe('dynamic')
  })

  it('refuses a stylesheet carrying a DOCTYPE', () => {
    expect(stylesheetRisk('<!DOCTYPE x [<!ENTITY e "e">]>' + sheet(''))).toBe('doctype')
  })
})
