import type { SeoIssue } from './get-seo.ts'

const LABEL = { error: 'Önemli', warning: 'Öneri' } as const

/** A page's findings in plain Turkish, each marked 'Önemli' (an error) or 'Öneri' (a warning). */
export function IssueList({ issues }: { issues: SeoIssue[] }) {
  return (
    <ul className="seo-issues">
      {issues.map((i) => (
        <li key={i.code}>
          <span className={`badge seo-badge seo-badge--${i.severity}`}>{LABEL[i.severity]}</span> {i.message}
        </li>
      ))}
    </ul>
  )
}
