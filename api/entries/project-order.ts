type Dated = { project_date?: string; createdAt?: string }

/** Newest project_date first; projects of the same day by newest createdAt. */
export function byProjectDate<T extends Dated>(projects: T[]): T[] {
  return [...projects].sort(
    (a, b) =>
      (b.project_date ?? '').localeCompare(a.project_date ?? '') ||
      (b.createdAt ?? '').localeCompare(a.createdAt ?? ''),
  )
}
