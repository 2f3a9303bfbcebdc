import { useState } from 'react'
import { FIELD_LABELS } from '#schema/field-labels.ts'
import { Button } from './ui/Button.tsx'
import { api, errorText } from '../lib/api-client.ts'
import type { SyncConflict } from '../lib/build-status.ts'
import { useBuildStatus } from '../hooks/useBuildStatus.ts'

const FILE_LABELS: Record<string, string> = {
  'blogs.json': 'Blog yazısı',
  'social-projects.json': 'Sosyal sorumluluk projesi',
  'programs.json': 'Program',
  'references.json': 'Referans',
  'home.json': 'Ana sayfa',
  'about.json': 'Hakkımızda sayfası',
  'contact-settings.json': 'İletişim ayarları',
  'media.json': 'Medya kütüphanesi',
}

/** A value as short text: lists a line each, records by their title or text. */
function asText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(boş)'
  if (typeof value !== 'object') return String(value)
  if (Array.isArray(value)) return value.map(asText).join('\n')
  const rec = value as Record<string, unknown>
  return String(rec.title ?? rec.name ?? rec.content ?? JSON.stringify(value))
}

/** 'Blog yazısı › Başlık': where the conflict is, in the words of the admin's forms. */
function placeOf(c: SyncConflict): string {
  const fields = c.path.filter((step): step is string => typeof step === 'string').map((k) => FIELD_LABELS[k] ?? k)
  return [FILE_LABELS[c.file] ?? c.file, ...fields].join(' › ')
}

/** Which conflicts a list shows: all (the dashboard), or one item's (its 'Geçmiş'). */
export type ConflictFilter = { file: string; id?: string } | null

const belongsTo = (c: SyncConflict, filter: ConflictFilter) =>
  !filter ||
  (c.file === filter.file && (filter.id === undefined || c.itemId === filter.id || (!c.itemId && c.path[0] === filter.id)))

/** The sync's conflicts (issue 19) for `filter`, each with both values and one click to take the other or keep. */
export function useSyncConflicts(filter: ConflictFilter) {
  const build = useBuildStatus()
  // Addressed by their stable id: a list a few seconds old still names the very conflict that was shown.
  const conflicts = (build.data?.content?.git?.conflicts ?? [])
    .map((conflict) => ({ conflict, id: conflict.id }))
    .filter(({ conflict }) => belongsTo(conflict, filter))
  return { conflicts, refetch: build.refetch }
}

/**
 * Fields that a maintainer changed in git and someone changed here too. The live value was kept; one click takes the
 * other instead, or keeps the live one and clears the entry.
 */
export function SyncConflictList({ filter }: { filter: ConflictFilter }) {
  const { conflicts, refetch } = useSyncConflicts(filter)
  const [message, setMessage] = useState('')
  if (conflicts.length === 0) return message ? <p role="status">{message}</p> : null
  async function choose(id: string, choice: 'take' | 'keep') {
    try {
      const res = await api.post<{ message?: string }>(`/api/admin/git/conflicts/${encodeURIComponent(id)}/${choice}`, {})
      setMessage(res.message ?? '')
    } catch (error) {
      setMessage(errorText(error, 'İşlem yapılamadı.'))
    }
    await refetch()
  }
  return (
    <>
      <p className="muted">
        Bu alanlar hem git deposunda hem burada değiştirildi. Sitede yayındaki değer duruyor; isterseniz depodakini
        alın.
      </p>
      {message && <p role="status">{message}</p>}
      <ul className="stack conflict-list">
        {conflicts.map(({ conflict: c, id }) => (
          <li key={id} className="conflict-field">
            <strong className="conflict-field__wide">{placeOf(c)}</strong>
            <span>
              <span className="muted">Yayındaki</span>
              <span className="diff-text conflict-field__value">{asText(c.live)}</span>
            </span>
            <span>
              <span className="muted">Git deposundaki</span>
              <span className="diff-text conflict-field__value">{asText(c.other)}</span>
            </span>
            <span className="actions conflict-field__wide">
              <Button size="sm" onClick={() => void choose(id, 'take')}>
                Depodakini al
              </Button>
              <Button size="sm" variant="secondary" onClick={() => void choose(id, 'keep')}>
                Yayındakini koru
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </>
  )
}
