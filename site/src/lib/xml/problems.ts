import { msg } from '#schema/messages.ts'

/** Why a file cannot be shown; each kind maps to one spec message (section 5) or, for the engine, our own text. */
export type ViewerProblem =
  | { kind: 'read' }
  | { kind: 'invalid' }
  | { kind: 'noStylesheet' }
  | { kind: 'external' }
  | { kind: 'process'; detail: string }
  | { kind: 'noEngine' }

/** Largest file the viewer opens: real UBL-TR files are well under 1 MB; this keeps a tab from freezing. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024

/** Details for the spec's 'XML dosyası işlenirken bir hata oluştu: {detail}'. */
export const detail = {
  tooLarge: 'dosya 20 MB sınırını aşıyor.',
  doctype: 'güvenlik nedeniyle DOCTYPE veya ENTITY bildirimi içeren dosyalar açılmaz.',
  importInclude:
    'görüntüleme formatı başka dosyaları yüklemek istiyor (xsl:import / xsl:include); güvenlik nedeniyle uygulanmadı.',
  documentCall:
    'görüntüleme formatı document() ile dış kaynak okumak istiyor; güvenlik nedeniyle uygulanmadı.',
  dynamic:
    'görüntüleme formatı çalışma anında ifade değerlendiren uzantılar içeriyor; güvenlik nedeniyle uygulanmadı.',
  stylesheetDoctype:
    'görüntüleme formatında DOCTYPE veya ENTITY bildirimi var; güvenlik nedeniyle uygulanmadı.',
  badStylesheet: 'görüntüleme formatı (XSLT) geçerli değil.',
  transformFailed: 'görüntüleme formatı bu belgeye uygulanamadı.',
} as const

/** Shown when neither the browser's XSLT nor our WebAssembly engine can run (a wrong document is never shown). */
export const NO_ENGINE_TEXT =
  'Tarayıcınız XML görüntüleme formatlarını (XSLT) desteklemiyor ve yedek görüntüleme motorumuz da bu tarayıcıda çalıştırılamadı. Lütfen Chrome, Edge veya Firefox’un güncel bir sürümüyle tekrar deneyin.'

/** The Turkish text a visitor sees for a problem. */
export function problemMessage(problem: ViewerProblem): string {
  switch (problem.kind) {
    case 'read':
      return msg.xmlReadError
    case 'invalid':
      return msg.xmlInvalid
    case 'noStylesheet':
      return msg.xmlNoStylesheet
    case 'external':
      return msg.xmlExternalStylesheet
    case 'process':
      return msg.xmlProcessError.replace('{detail}', problem.detail)
    case 'noEngine':
      return NO_ENGINE_TEXT
  }
}
