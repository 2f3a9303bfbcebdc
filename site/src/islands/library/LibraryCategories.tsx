import { useState, type FormEvent } from 'react'
import type { LibraryCategory } from '#schema/library.ts'
import { messageOf } from '../../lib/island-api.ts'
import { send } from '../../lib/library-api.ts'
import { ConfirmDialog } from './ConfirmDialog.tsx'

type Props = {
  categories: LibraryCategory[]
  /** Called after every change, with the server's Turkish message: the shelf reloads categories and items. */
  onChanged: (message: string) => void
}

const path = (id = '') => `/api/library/categories${id ? `/${encodeURIComponent(id)}` : ''}`

/**
 * Library admins' categories: add, rename, move up or down, delete. A category that holds items is deleted only
 * after choosing where its items go (another category or none), in the site's own confirmation dialog.
 */
export function LibraryCategories({ categories, onChanged }: Props) {
  const [name, setName] = useState('')
  const [names, setNames] = useState<Record<string, string>>({})
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [deleting, setDeleting] = useState<LibraryCategory | null>(null)
  const [moveTo, setMoveTo] = useState('')

  async function run(call: () => ReturnType<typeof send>) {
    setBusy(true)
    setError('')
    const result = await call().finally(() => setBusy(false))
    if (result.ok) onChanged(messageOf(result.body, 'Kaydedildi.'))
    else setError(messageOf(result.body, 'Kategori kaydedilemedi.'))
    return result.ok
  }

  async function add(e: FormEvent) {
    e.preventDefault()
    if (await run(() => send(path(), 'POST', { name }))) setName('')
  }

  return (
    <section className="card library-categories" aria-labelledby="library-categories-title">
      <h3 id="library-categories-title" className="library-form__title">
        Kategoriler
      </h3>
      <ol className="library-categories__list">
        {categories.map((c, i) => (
          <li key={c.id} className="library-categories__row">
            <label className="visually-hidden" htmlFor={`library-category-${c.id}`}>
              Kategori adı: {c.name}
            </label>
            <input
              id={`library-category-${c.id}`}
              type="text"
              maxLength={80}
              value={names[c.id] ?? c.name}
              onChange={(e) => setNames({ ...names, [c.id]: e.target.value })}
            />
            <span className="library-categories__count">{c.items} belge</span>
            <div className="library-categories__buttons">
              <button
                type="button"
                className="btn btn--outline btn--small"
                disabled={busy || (names[c.id] ?? c.name) === c.name}
                onClick={() => void run(() => send(path(c.id), 'PUT', { name: names[c.id] ?? c.name }))}
              >
                Kaydet<span className="visually-hidden">: {c.name}</span>
              </button>
              <button
                type="button"
                className="btn btn--outline btn--small"
                disabled={busy || i === 0}
                onClick={() => void run(() => send(path(c.id), 'PUT', { name: c.name, position: i - 1 }))}
              >
                <span aria-hidden="true">↑</span>
                <span className="visually-hidden">{c.name}: yukarı taşı</span>
              </button>
              <button
                type="button"
                className="btn btn--outline btn--small"
                disabled={busy || i === categories.length - 1}
                onClick={() => void run(() => send(path(c.id), 'PUT', { name: c.name, position: i + 1 }))}
              >
                <span aria-hidden="true">↓</span>
                <span className="visually-hidden">{c.name}: aşağı taşı</span>
              </button>
              <button
                type="button"
                className="btn btn--danger btn--small"
                disabled={busy}
                onClick={() => {
                  setMoveTo('')
                  setDeleting(c)
                }}
              >
                Sil<span className="visually-hidden">: {c.name}</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      <form className="library-categories__add" noValidate onSubmit={add}>
        <label htmlFor="library-category-new">Yeni kategori</label>
        <div className="library-categories__add-row">
          <input
            id="library-category-new"
            type="text"
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="btn btn--primary btn--small" disabled={busy}>
            Kategori ekle
          </button>
        </div>
      </form>
      <div role="alert">{error && <p className="notice notice--error">{error}</p>}</div>
      {deleting && (
        <ConfirmDialog
          title="Silme onayı"
          confirmLabel="Sil"
          busy={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            const query = deleting.items > 0 ? `?moveTo=${encodeURIComponent(moveTo)}` : ''
            if (await run(() => send(`${path(deleting.id)}${query}`, 'DELETE'))) setDeleting(null)
          }}
        >
          <p>"{deleting.name}" kategorisini silmek istediğinizden emin misiniz?</p>
          {deleting.items > 0 && (
            <div className="library-form__field">
              <label htmlFor="library-category-move">
                Bu kategorideki {deleting.items} belge nereye taşınsın?
              </label>
              <select id="library-category-move" value={moveTo} onChange={(e) => setMoveTo(e.target.value)}>
                <option value="">Kategorisiz</option>
                {categories
                  .filter((c) => c.id !== deleting.id)
                  .map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
              </select>
            </div>
          )}
        </ConfirmDialog>
      )}
    </section>
  )
}
