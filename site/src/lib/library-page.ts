import type { PublicMember } from '#schema/member-roles.ts'
import { callApi, messageOf } from './island-api.ts'
import { startShelf } from './library-api.ts'
import { clearMember, readMember, saveMember } from './library-session.ts'
import { nextTask } from './next-task.ts'

/**
 * /kutuphane's script (decision 315): the login form is plain HTML handled here without a framework; the member's
 * dashboard (Preact with React's API, decision 317; the library's lists and, for library admins, its forms) is imported only when a member is
 * stored or has just logged in, so a visitor's page stays a few kilobytes of script.
 */
export function startLibraryPage(slot: HTMLElement): void {
  const form = slot.querySelector<HTMLFormElement>('[data-library-login]')!
  const area = slot.querySelector<HTMLElement>('[data-library-member]')!
  const alert = form.querySelector<HTMLElement>('[role="alert"]')!
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!
  const loading = area.innerHTML
  let unmount: (() => void) | null = null
  let sending = false

  function showLogin() {
    unmount?.()
    unmount = null
    clearMember(window.localStorage)
    area.innerHTML = loading
    slot.dataset.state = 'login'
  }

  async function showLibrary(member: PublicMember, justLoggedIn: boolean) {
    slot.dataset.state = 'member'
    // The shelf's first answers travel while the dashboard's code loads (instead of after it). Asking, loading the
    // code, evaluating it and the first render each take a task of their own, not one long one (decision 319).
    const start = startShelf()
    await nextTask()
    const { mountLibrary } = await import('../islands/library/library-mount.tsx')
    await nextTask()
    if (slot.dataset.state !== 'member') return
    unmount = mountLibrary(area, member, { focusWelcome: justLoggedIn, onSessionEnded: showLogin, start })
  }

  function setSending(on: boolean) {
    sending = on
    button.disabled = on
    button.textContent = on ? 'Giriş yapılıyor...' : 'Giriş Yap'
    form.setAttribute('aria-busy', String(on))
  }

  function showError(text: string) {
    alert.replaceChildren()
    if (!text) return
    const p = document.createElement('p')
    p.className = 'notice notice--error'
    p.textContent = text
    alert.append(p)
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    if (sending) return
    setSending(true)
    showError('')
    const data = new FormData(form)
    const result = await callApi('/api/library/login', {
      json: { email: String(data.get('email') ?? '').trim(), password: String(data.get('password') ?? '') },
    })
    setSending(false)
    const member = result.body.member
    if (result.ok && member && typeof member === 'object') {
      saveMember(window.localStorage, member as PublicMember)
      form.reset()
      await showLibrary(member as PublicMember, true)
    } else showError(messageOf(result.body, form.dataset.error ?? ''))
  })

  const stored = readMember(window.localStorage)
  if (stored) void showLibrary(stored, false)
  else slot.dataset.state = 'login'
}
