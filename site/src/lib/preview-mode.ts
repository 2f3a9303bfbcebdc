/**
 * True on a preview page (issue 21: /onizleme/{token}): it shows unsaved values, so an island must not replace them
 * with what the live API says (the program list takes only the download counts from /api/programs there).
 */
export function isPreviewPage(): boolean {
  return typeof window !== 'undefined' && window.location.pathname.startsWith('/onizleme/')
}
