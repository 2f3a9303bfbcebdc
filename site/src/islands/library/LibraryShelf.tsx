import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type FormEvent,
} from 'react'
import type { LibraryCategory, LibraryItem } from '#schema/library.ts'
import { msg } from '#schema/messages.ts'
import { messageOf } from '../../lib/island-api.ts'
import {
  fetchCategories,
  fetchItems,
  send,
  SessionEnded,
  SHELF_NEWEST,
  SHELF_PAGE_SIZE,
  startShelf,
  type ItemPage,
  type ShelfStart,
} from '../../lib/library-api.ts'
import { nextTask } from '../../lib/next-task.ts'
import { pageCount } from '../../lib/paging.ts'
import { LibraryItemRow } from './LibraryItemRow.tsx'
import '../notice.css'
import './library-shelf.css'

// Library admins' tools are loaded when first opened: a member's phone never downloads them (nor zod, which the
// item form's file rules bring along; decision 315).
const loadConfirmDialog = () => import('./ConfirmDialog.tsx')
const loadCategories = () => import('./LibraryCategories.tsx')
const loadItemForm = () => import('./LibraryItemForm.tsx')
const ConfirmDialog = lazy(() => loadConfirmDialog().then((m) => ({ default: m.ConfirmDialog })))
const LibraryCategories = lazy(() => loadCategories().then((m) => ({ default: m.LibraryCategories })))
const LibraryItemForm = lazy(() => loadItemForm().then((m) => ({ default: m.LibraryItemForm })))

/**
 * A library admin's tools are fetched once the shelf has shown its first answers to one: a click on
 * 'Yeni belge' then opens the form at once, even on a slow line (a lazy chunk fetched only on the click showed
 * nothing for as long as the line took). The click's own import then finds the module already there.
 */
function preloadAdminTools() {
  for (const load of [loadItemForm, loadCategories, loadConfirmDialog]) void load().catch(() => {})
}

const PAGE_SIZE = SHELF_PAGE_SIZE
const NEWEST = SHELF_NEWEST

type Props = {
  isAdmin: boolean
  /** The logged-in member (the item form keeps its drafts per member). */
  memberId: string
  /** The server said the session is over: the island forgets the member and shows the login. */
  onSessionEnded: () => void
  /** The first answers, already asked for by the page's script (startShelf); asked for here otherwise. */
  start?: ShelfStart
}
type Panel = { kind: 'new' } | { kind: 'edit'; item: LibraryItem } | { kind: 'categories' } | null

/**
 * The library below the welcome: search, categories, the newest items and the paged list; for library admins also
 * 'Yeni belge', 'Kategoriler', and 'Düzenle' / 'Sil' on each item. Members never get those controls (and the
 * server refuses their writes anyway).
 */
export function LibraryShelf({ isAdmin, memberId, onSessionEnded, start }: Props) {
  const [since, setSince] = useState<string | null>(null)
  const [categories, setCategories] = useState<LibraryCategory[]>([])
  const [newest, setNewest] = useState<LibraryItem[]>([])
  const [typed, setTyped] = useState('')
  const [query, setQuery] = useState({ q: '', category: '', page: 1 })
  const [list, setList] = useState<ItemPage | null>(null)
  const [failed, setFailed] = useState(false)
  const [panel, setPanel] = useState<Panel>(null)
  const [deleting, setDeleting] = useState<LibraryItem | null>(null)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState('')
  // The lists appear once the first answers are in, from the top down (categories and newest, then the list below
  // them): a section appearing above another would push it down while the member reads (layout shift).
  const [shelfReady, setShelfReady] = useState(false)
  const listHeading = useRef<HTMLHeadingElement>(null)
  // The first list comes with the shelf's first answers (one render, one layout); later queries ask for their own.
  const firstQuery = useRef(true)

  const guard = useCallback(
    async (work: () => Promise<void>) => {
      try {
        await work()
      } catch (err) {
        if (err instanceof SessionEnded) onSessionEnded()
        else setFailed(true)
      }
    },
    [onSessionEnded],
  )

  const loadShelf = useCallback(
    () =>
      guard(async () => {
        const [cats, latest] = await Promise.all([
          fetchCategories(),
          fetchItems({ q: '', category: '', page: 1, pageSize: NEWEST }),
        ])
        // Transitions (here and below): the lists render in slices, not in one long task (decision 315).
        startTransition(() => {
          if (cats) setCategories(cats)
          if (latest) setNewest(latest.data)
        })
      }),
    [guard],
  )

  useEffect(() => {
    const first = start ?? startShelf()
    void guard(async () => setSince(await first.since))
    void guard(async () => {
      const [cats, latest, page] = await Promise.all([first.categories, first.newest, first.list])
      // The welcome and the search box are on screen; the categories and the newest render in a task of their own,
      // the whole list in the next one, below them (nothing on screen moves; decision 319).
      await nextTask()
      startTransition(() => {
        if (cats) setCategories(cats)
        if (latest) setNewest(latest.data)
        setShelfReady(true)
      })
      await nextTask()
      startTransition(() => {
        setFailed(!page)
        if (page) setList(page)
      })
    }).finally(() => startTransition(() => setShelfReady(true)))
    // Only once (`start` is the page's first answers and never changes).
  }, [guard])

  // After the shelf's first answers, so that the tools never delay what a library admin reads first.
  useEffect(() => {
    if (isAdmin && shelfReady) preloadAdminTools()
  }, [isAdmin, shelfReady])

  useEffect(() => {
    if (firstQuery.current) {
      firstQuery.current = false
      return
    }
    void guard(async () => {
      const page = await fetchItems({ ...query, pageSize: PAGE_SIZE })
      startTransition(() => {
        setFailed(!page)
        if (page) setList(page)
      })
    })
  }, [query, guard])

  function search(e: FormEvent) {
    e.preventDefault()
    setQuery({ ...query, q: typed.trim(), page: 1 })
  }

  function goToPage(page: number) {
    setQuery({ ...query, page })
    listHeading.current?.focus()
  }

  function changed(message: string) {
    setNotice(message)
    void loadShelf()
    setQuery((q) => ({ ...q }))
  }

  const pages = list ? pageCount(list.total, list.pageSize) : 1
  const filtered = query.q !== '' || query.category !== ''
  const rowProps = {
    since,
    categories,
    ...(isAdmin
      ? {
          onEdit: (item: LibraryItem) => setPanel({ kind: 'edit', item }),
          onDelete: (item: LibraryItem) => setDeleting(item),
        }
      : {}),
  }

  return (
    <div className="library-shelf">
      {isAdmin && (
        <div className="library-shelf__admin" role="group" aria-label="Kütüphane yönetimi">
          <button type="button" className="btn btn--primary" onClick={() => setPanel({ kind: 'new' })}>
            Yeni belge
          </button>
          <button
            type="button"
            className="btn btn--outline"
            aria-expanded={panel?.kind === 'categories'}
            onClick={() => setPanel(panel?.kind === 'categories' ? null : { kind: 'categories' })}
          >
            Kategoriler
          </button>
        </div>
      )}
      <div role="status" className="library-shelf__notice">
        {notice && <p className="notice notice--success">{notice}</p>}
      </div>
      <Suspense fallback={<p className="library-shelf__tool-loading" role="status">{msg.loading}</p>}>
        {isAdmin && (panel?.kind === 'new' || panel?.kind === 'edit') && (
          <LibraryItemForm
            key={panel.kind === 'edit' ? panel.item.id : 'new'}
            categories={categories}
            editing={panel.kind === 'edit' ? panel.item : null}
            memberId={memberId}
            onCancel={() => setPanel(null)}
            onSaved={(_item, message) => {
              setPanel(null)
              changed(message)
            }}
          />
        )}
        {isAdmin && panel?.kind === 'categories' && (
          <LibraryCategories categories={categories} onChanged={changed} />
        )}
      </Suspense>

      <form className="library-search" role="search" onSubmit={search}>
        <label htmlFor="library-q" className="library-search__label">
          Kütüphanede ara
        </label>
        <div className="library-search__row">
          <input
            id="library-q"
            type="search"
            value={typed}
            maxLength={200}
            placeholder="Başlık, açıklama ya da belge içinde bir kelime"
            onChange={(e) => setTyped(e.target.value)}
          />
          <button type="submit" className="btn btn--primary">
            Ara
          </button>
        </div>
      </form>

      {!shelfReady ? (
        <p className="library-shelf__loading" role="status">
          {msg.loading}
        </p>
      ) : (
        <>
          {categories.length > 0 && (
            <nav className="library-categories-nav" aria-label="Kategoriler">
              <ul>
                {[{ id: '', name: 'Tümü' }, ...categories].map((c) => (
                  <li key={c.id || 'all'}>
                    <button
                      type="button"
                      className="library-chip"
                      aria-pressed={query.category === c.id}
                      onClick={() => setQuery({ ...query, category: c.id, page: 1 })}
                    >
                      {c.name}
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
          )}

          {!filtered && newest.length > 0 && query.page === 1 && (
            <section aria-labelledby="library-newest" className="library-newest">
              <h2 id="library-newest" className="library-shelf__heading">
                Son eklenenler
              </h2>
              <ul className="library-list library-list--newest">
                {newest.map((item) => (
                  <LibraryItemRow key={item.id} item={item} {...rowProps} />
                ))}
              </ul>
            </section>
          )}

          {list === null && !failed ? (
            <p className="library-shelf__loading" role="status">
              {msg.loading}
            </p>
          ) : (
            <section aria-labelledby="library-all" className="library-all">
              <h2 id="library-all" ref={listHeading} tabIndex={-1} className="library-shelf__heading">
                {query.q ? `"${query.q}" için sonuçlar` : 'Tüm belgeler'}
                {list && <span className="library-shelf__count"> ({list.total})</span>}
              </h2>
              {failed && <p className="notice notice--error">{msg.libraryLoadError}</p>}
              {list && list.data.length === 0 && (
                <p className="library-shelf__empty">
                  {filtered ? 'Aramanıza uygun belge bulunamadı.' : 'Kütüphanede henüz belge yok.'}
                </p>
              )}
              {list && list.data.length > 0 && (
                <ul className="library-list">
                  {list.data.map((item) => (
                    <LibraryItemRow key={item.id} item={item} {...rowProps} />
                  ))}
                </ul>
              )}
              {pages > 1 && (
                <nav className="library-paging" aria-label="Sayfalar">
                  <button
                    type="button"
                    className="btn btn--outline btn--small"
                    disabled={query.page <= 1}
                    onClick={() => goToPage(query.page - 1)}
                  >
                    Önceki
                  </button>
                  <span>
                    Sayfa {query.page} / {pages}
                  </span>
                  <button
                    type="button"
                    className="btn btn--outline btn--small"
                    disabled={query.page >= pages}
                    onClick={() => goToPage(query.page + 1)}
                  >
                    Sonraki
                  </button>
                </nav>
              )}
            </section>
          )}
        </>
      )}

      <Suspense fallback={null}>
        {deleting && (
          <ConfirmDialog
            title="Silme onayı"
            confirmLabel="Sil"
            busy={busy}
            onCancel={() => setDeleting(null)}
            onConfirm={() =>
              void guard(async () => {
                setBusy(true)
                const result = await send(
                  `/api/library/items/${encodeURIComponent(deleting.id)}`,
                  'DELETE',
                ).finally(() => setBusy(false))
                setDeleting(null)
                changed(messageOf(result.body, result.ok ? 'Belge silindi.' : 'Belge silinemedi.'))
              })
            }
          >
            <p>
              "{deleting.title}" belgesini silmek istediğinizden emin misiniz? Önceki sürümleri de silinir.
            </p>
          </ConfirmDialog>
        )}
      </Suspense>
    </div>
  )
}
