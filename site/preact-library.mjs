/**
 * The members' library (src/islands/library/) runs on Preact instead of React (decision 317): its components are
 * written against React's API, and this plugin hands their `react` imports (and the JSX runtime the compiler adds)
 * `preact/compat` instead. Only for importers inside that folder: the site's other islands keep React, and so does
 * TypeScript (the files still type-check against React's types). Why: a member's phone evaluated react-dom
 * (~62 KB brotli) before the dashboard appeared; Lighthouse counted that as blocking time (issue 31).
 */
const LIBRARY_FOLDER = /[\\/]src[\\/]islands[\\/]library[\\/]/
const TO_PREACT = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
}

export default function preactLibrary() {
  return {
    name: 'preact-library',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const target = TO_PREACT[source]
      if (!target || !importer || !LIBRARY_FOLDER.test(importer)) return null
      return this.resolve(target, importer, { ...options, skipSelf: true })
    },
  }
}
