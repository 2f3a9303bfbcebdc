import { afterEach, describe, expect, it, vi } from 'vitest'
import { confirmAction, currentConfirm, subscribeConfirm } from './confirm.ts'

// The dialog's side of the store (ConfirmDialog reads it through useSyncExternalStore), without a browser.
let unsubscribe = () => {}
const mountDialog = () => {
  const seen: string[] = []
  unsubscribe = subscribeConfirm(() => seen.push(currentConfirm()?.question ?? '(kapalı)'))
  return seen
}
afterEach(() => {
  currentConfirm()?.answer(false)
  unsubscribe()
})

describe('confirmAction', () => {
  it('shows the question with Turkish defaults and resolves with the answer', async () => {
    const seen = mountDialog()
    const asked = confirmAction('"Deneme" silinsin mi?')
    expect(currentConfirm()).toMatchObject({
      question: '"Deneme" silinsin mi?',
      title: 'Silme onayı',
      confirmLabel: 'Sil',
      cancelLabel: 'Vazgeç',
      danger: true,
    })
    currentConfirm()!.answer(true)
    await expect(asked).resolves.toBe(true)
    expect(currentConfirm()).toBeNull()
    expect(seen).toEqual(['"Deneme" silinsin mi?', '(kapalı)'])
  })

  it('takes the labels of the call, and no (Vazgeç, Escape) resolves false', async () => {
    mountDialog()
    const asked = confirmAction('Bakım modu açılsın mı?', {
      title: 'Bakım modu',
      confirmLabel: 'Bakım modunu aç',
    })
    expect(currentConfirm()).toMatchObject({
      title: 'Bakım modu',
      confirmLabel: 'Bakım modunu aç',
      cancelLabel: 'Vazgeç',
    })
    currentConfirm()!.answer(false)
    await expect(asked).resolves.toBe(false)
  })

  it('a second question answers the first with no; a late answer to the first changes nothing', async () => {
    mountDialog()
    const first = confirmAction('Birinci?')
    const firstRequest = currentConfirm()!
    const second = confirmAction('İkinci?')
    await expect(first).resolves.toBe(false)
    expect(currentConfirm()?.question).toBe('İkinci?')
    firstRequest.answer(true)
    expect(currentConfirm()?.question).toBe('İkinci?')
    currentConfirm()!.answer(true)
    await expect(second).resolves.toBe(true)
  })

  it('without the dialog mounted nothing is confirmed', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(confirmAction()).resolves.toBe(false)
    expect(error).toHaveBeenCalledOnce()
    error.mockRestore()
  })
})
