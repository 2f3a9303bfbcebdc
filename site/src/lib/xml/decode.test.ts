import { describe, expect, it } from 'vitest'
import { decodeBase64Strict, decodeUtf8Strict, decodeXmlFile } from './decode.ts'

const text = (bytes: Uint8Array | null) => (bytes ? new TextDecoder().decode(bytes) : null)

describe('decodeBase64Strict', () => {
  it('decodes base64 wrapped over lines with CRLF, LF, tabs and spaces', () => {
    expect(text(decodeBase64Strict('PHhzbDpz\r\ndHlsZXNo\nZWV0Lz4=\t '))).toBe('<xsl:stylesheet/>')
  })

  it('rejects the placeholder text some integrators leave instead of a stylesheet', () => {
    expect(decodeBase64Strict('BASE64 ENCODE EDILMIS XSLT DOSYASI')).toBeNull()
  })

  it('rejects characters outside the alphabet, misplaced padding, a bad length and empty content', () => {
    expect(decodeBase64Strict('QUJD-REVG')).toBeNull()
    expect(decodeBase64Strict('QU=DREVG')).toBeNull()
    expect(decodeBase64Strict('QUJDR')).toBeNull()
    expect(decodeBase64Strict('QUJDREVG====')).toBeNull()
    expect(decodeBase64Strict(' \r\n ')).toBeNull()
  })

  it('accepts one and two padding characters', () => {
    expect(text(decodeBase64Strict('QUJDRA=='))).toBe('ABCD')
    expect(text(decodeBase64Strict('QUJDREU='))).toBe('ABCDE')
  })
})

describe('decodeUtf8Strict', () => {
  it('decodes UTF-8 and drops a leading byte-order mark', () => {
    expect(decodeUtf8Strict(new Uint8Array([0xef, 0xbb, 0xbf, 0xc5, 0x9f, 0x69]))).toBe('şi')
  })

  it('fails on a malformed sequence instead of inserting U+FFFD', () => {
    expect(decodeUtf8Strict(new Uint8Array([0x3c, 0xc3, 0x28, 0x3e]))).toBeNull()
  })
})

describe('decodeXmlFile', () => {
  it('reads UTF-8 by default', () => {
    expect(decodeXmlFile(new TextEncoder().encode('<a>Çağrı</a>'))).toBe('<a>Çağrı</a>')
  })

  it('honours the encoding of the XML declaration (windows-1254 Turkish letters)', () => {
    const head = new TextEncoder().encode('<?xml version="1.0" encoding="windows-1254"?><a>')
    const bytes = new Uint8Array([...head, 0xde, 0xfd, 0xf0, 0x3c, 0x2f, 0x61, 0x3e])
    expect(decodeXmlFile(bytes)).toBe('<?xml version="1.0" encoding="windows-1254"?><a>Şığ</a>')
  })

  it('lets a UTF-16 byte-order mark win', () => {
    const body = '<a>ü</a>'
    const bytes = new Uint8Array(2 + body.length * 2)
    bytes.set([0xff, 0xfe])
    for (let i = 0; i < body.length; i++) bytes[2 + i * 2] = body.charCodeAt(i)
    expect(decodeXmlFile(bytes)).toBe(body)
  })

  it('returns null for bytes that are not valid in the declared encoding, or an unknown encoding', () => {
    expect(decodeXmlFile(new Uint8Array([0x3c, 0x61, 0x3e, 0xff, 0x3c, 0x2f, 0x61, 0x3e]))).toBeNull()
    expect(
      decodeXmlFile(new TextEncoder().encode('<?xml version="1.0" encoding="klingon-8"?><a/>')),
    ).toBeNull()
  })
})
