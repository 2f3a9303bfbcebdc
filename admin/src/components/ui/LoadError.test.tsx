import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { msg } from '#schema/messages.ts'
import { ApiError } from '../../lib/api-client.ts'
import { LoadError } from './LoadError.tsx'

const lines = (html: string) => [...html.matchAll(/<p[^>]*>([^<]*)<\/p>/g)].map((m) => m[1])

describe('LoadError', () => {
  it('shows the server message under the fallback when the server sent one', () => {
    const html = renderToStaticMarkup(
      <LoadError fallback={msg.messagesLoadError} error={new ApiError(500, 'Veritabanına ulaşılamadı.')} />,
    )
    expect(html).toContain('role="alert"')
    expect(lines(html)).toEqual([msg.messagesLoadError, 'Veritabanına ulaşılamadı.'])
  })

  it('shows the fallback alone for a network failure or a body without a message', () => {
    for (const error of [new ApiError(0, null), new ApiError(502, null), new Error('x')]) {
      expect(
        lines(renderToStaticMarkup(<LoadError fallback={msg.archiveLoadError} error={error} />)),
      ).toEqual([msg.archiveLoadError])
    }
  })
})
