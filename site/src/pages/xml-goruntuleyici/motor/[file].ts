import type { APIRoute, GetStaticPaths } from 'astro'
import { ENGINE_FILES, readEngineFile, type EngineFile } from '../../../lib/xml/engine-files.ts'

// Content-free files: written once by the build, next to the client assets.
export const prerender = true

// The XML viewer's fallback XSLT engine (libxslt-wasm), fetched only by browsers without XSLTProcessor.
export const getStaticPaths: GetStaticPaths = () =>
  Object.keys(ENGINE_FILES).map((file) => ({ params: { file } }))

export const GET: APIRoute = ({ params }) => {
  const file = params.file as EngineFile
  return new Response(readEngineFile(file), { headers: { 'Content-Type': ENGINE_FILES[file].type } })
}
