import { execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { adminCookie, createTestApp, jsonRequest, type TestApp } from '../../testing/test-helpers.ts'

let t: TestApp
afterEach(async () => {
  t?.deps.content.close()
  await t?.deps.content.settled()
  await t?.cleanup()
})

const gitIn = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()
const aboutFile = () => join(t.contentDir, 'about.json')

/** A maintainer's edit on disk that the schema refuses (a number for a title), not committed by them. */
async function breakAbout() {
  const about = JSON.parse(await readFile(aboutFile(), 'utf8'))
  const text = JSON.stringify({ ...about, title2: 42, description1: 'Bakımcının uzun metni' }, null, 2)
  await writeFile(aboutFile(), text)
  await t.deps.content.checkDisk()
  return text
}
const saveAbout = async (cookie: string, title2: string) => {
  const about = (await (await jsonRequest(t, 'GET', '/api/admin/hakkimizda', undefined, cookie)).json()).data
  return jsonRequest(t, 'PUT', '/api/admin/hakkimizda', { ...about, title2 }, cookie)
}

it('a save over a refused file keeps that file in history as its own commit first', async () => {
  t = await createTestApp({ contentVersioning: { git: {} } })
  const cookie = await adminCookie(t)
  await t.deps.content.uploadHistory!.catchUp() // the repository is open (its first commit made)
  const refused = await breakAbout()
  expect(t.deps.content.status().errors).toEqual([
    {
      file: 'about.json',
      field: 'title2',
      message: expect.any(String),
      onSave: expect.stringContaining('önce geçmişe ayrı bir kayıt olarak eklenir'),
    },
  ])
  expect((await saveAbout(cookie, 'Yöneticinin başlığı')).status).toBe(200)
  await t.deps.content.settled()
  // The maintainer's refused edit is in history, byte for byte, before the admin's save.
  expect(gitIn(t.contentDir, 'show', 'HEAD~1:about.json')).toBe(refused.trim())
  expect(gitIn(t.contentDir, 'show', 'HEAD:about.json')).toContain('Yöneticinin başlığı')
  expect(t.deps.content.status().errors).toEqual([])
})

it('without commits (git off) a save over a refused file is refused and the file stays as it is', async () => {
  t = await createTestApp()
  const cookie = await adminCookie(t)
  const refused = await breakAbout()
  expect(t.deps.content.status().errors[0]?.onSave).toContain('kayıt yapılamaz')
  const res = await saveAbout(cookie, 'Yöneticinin başlığı')
  expect(res.status).toBe(409)
  expect((await res.json()).message).toMatch(
    /^Bu dosyanın diskteki sürümü geçersiz: about\.json, alan "Bölüm 1 başlığı": .+ Diskteki değişiklik kaybolmasın diye kaydedilmedi/,
  )
  expect(await readFile(aboutFile(), 'utf8')).toBe(refused)
  // Other files still save.
  const settings = (await (await jsonRequest(t, 'GET', '/api/admin/blogs', undefined, cookie)).json()).data
  expect(Array.isArray(settings)).toBe(true)
})
