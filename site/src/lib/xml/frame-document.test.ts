import { describe, expect, it } from 'vitest'
import {
  FRAME_CSP,
  FRAME_SANDBOX,
  readHeightMessage,
  shellPage,
} from './frame-document.ts'

describe('frame policy', () => {
  it('allows no network: everything defaults to none, images and fonts only as data: URLs', () => {
    const directives = Object.fromEntries(
      FRAME_CSP.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
    )
    expect(directives['default-src']).toBe("'none'")
    expect(directives['img-src']).toBe('data:')
    expect(directives['connect-src']).toBe("'none'")
    expect(directives['frame-src']).toBe("'none'")
    expect(directives['form-action']).toBe("'none'")
    expect(FRAME_CSP).not.toMatch(/https?:|\*|'self'/)
  })

  it('never gives the frames our origin', () => {
    expect(FRAME_SANDBOX.split(' ')).toEqual(['allow-scripts', 'allow-modals'])
  })
})

describe('shellPage', () => {
  it('carries the frame policy and only a script that takes a document from its parent into a sandboxed frame', () => {
    const html = shellPage()
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}">`)
    expect(html.match(/<script/g)).toHaveLength(1)
    expect(html).toContain('e.source !== parent')
    expect(html).toContain(`frame.setAttribute('sandbox', '${FRAME_SANDBOX}')`)
    expect(html).toContain('frame.srcdoc = String(d.html)')
    expect(html).not.toContain('allow-same-origin')
  })
})

describe('readHeightMessage', () => {
  it('reads a height and keeps it between 200 and 60000 pixels', () => {
    expect(readHeightMessage({ tag: 'xml-viewer', type: 'height', value: 1234.4 })).toBe(1234)
    expect(readHeightMessage({ tag: 'xml-viewer', type: 'height', value: 3 })).toBe(200)
    expect(readHeightMessage({ tag: 'xml-viewer', type: 'height', value: 1e9 })).toBe(60000)
  })

  it('ignores anything else', () => {
    for (const data of [
      null,
      'height',
      { tag: 'xml-viewer', type: 'height', value: '900' },
      { tag: 'x', type: 'height', value: 9 },
      { tag: 'xml-viewer', type: 'height', value: NaN },
    ]) {
      expect(readHeightMessage(data)).toBeNull()
    }
  })
})
