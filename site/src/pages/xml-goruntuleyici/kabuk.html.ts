import type { APIRoute } from 'astro'
import { shellPage } from '../../lib/xml/frame-document.ts'

// The XML viewer's sandboxed shell frame, served from a URL of its own so that it carries the frame CSP (as a
// header from the server and a <meta>) instead of inheriting the viewer page's policy (decision 016).
export const GET: APIRoute = () =>
  new Response(shellPage(), { headers: { 'Content-Type': 'text/html; charset=utf-8' } })
