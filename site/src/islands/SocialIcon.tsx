import type { SocialKind } from '../lib/reference-view.ts'

// Simple 24 px outline glyphs; brand marks are approximated so no icon font or package is needed.
const paths: Record<SocialKind, string> = {
  website:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 0c2.5 2.7 3.8 6 3.8 10S14.5 19.3 12 22m0-20C9.5 4.7 8.2 8 8.2 12s1.3 7.3 3.8 10M2.5 9h19M2.5 15h19',
  instagram:
    'M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5Zm5 6a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-2.5h.01',
  twitter: 'M4 4l16 16M20 4 4 20',
  facebook:
    'M14 22v-8h3l.5-3.5H14V8.5c0-1 .4-1.8 1.9-1.8h1.8V3.5c-.4 0-1.6-.2-2.9-.2-2.9 0-4.8 1.8-4.8 5v2.2H7V14h3v8',
  linkedin:
    'M4 9h4v11H4zM6 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM10 9h4v1.6c.6-1 1.9-1.9 3.6-1.9 3 0 3.4 2 3.4 4.6V20h-4v-5.8c0-1.4 0-3-1.9-3s-2.1 1.4-2.1 2.9V20h-4z',
}

/** Turkish names used as accessible labels of the social links. */
export const socialNames: Record<SocialKind, string> = {
  website: 'Web sitesi',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
}

/** Decorative icon of a social network; the link around it carries the name. */
export function SocialIcon({ kind }: { kind: SocialKind }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[kind]} />
    </svg>
  )
}
