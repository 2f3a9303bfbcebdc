import { describe, expect, it } from 'vitest'
import { gitFailureAdvice, staffGitFailure, systemFailureAdvice } from './git-sync.ts'

describe('staffGitFailure', () => {
  it("replaces git's own output by the advice for its kind", () => {
    const refused = 'git push: To /srv/icerik.git\n ! [rejected]        main -> main (fetch first)\nhint: Updates were rejected'
    expect(staffGitFailure(refused)).toBe(gitFailureAdvice['push-refused'])
    expect(staffGitFailure('git fetch: fatal: unable to access https://x/: Could not resolve host: x')).toBe(
      gitFailureAdvice.unreachable,
    )
    expect(staffGitFailure('git commit: fatal: cannot lock ref HEAD')).toBe(gitFailureAdvice.other)
  })
  it("replaces Node's own system errors (English, with the server's paths) by Turkish advice", () => {
    expect(staffGitFailure('ENOSPC: no space left on device, write')).toBe(systemFailureAdvice.diskFull)
    expect(staffGitFailure('spawn git ENOENT')).toBe(systemFailureAdvice.noGit)
    expect(staffGitFailure('spawn /usr/bin/git ENOENT')).toBe(systemFailureAdvice.noGit)
    expect(staffGitFailure("ENOENT: no such file or directory, realpath '/srv/netiz/icerik'")).toBe(systemFailureAdvice.other)
    expect(staffGitFailure("EACCES: permission denied, open '/srv/netiz/icerik/.git/index.lock'")).toBe(systemFailureAdvice.other)
    // Only at the start: a Turkish sentence that quotes one is ours.
    expect(staffGitFailure('Dosya yazılamadı (ENOSPC: disk dolu)')).toBe('Dosya yazılamadı (ENOSPC: disk dolu)')
  })
  it('keeps our own Turkish messages, and every refused file as it is named', () => {
    const own = 'blogs.json uzak depoda silindi; yayındaki dosya korunuyor'
    expect(staffGitFailure(own)).toBe(own)
    expect(staffGitFailure('git show: blogs.json', 'refused-file')).toBe('git show: blogs.json')
    // "git" inside a sentence is no git output.
    expect(staffGitFailure('Bu dosya git push: ile gönderilemedi')).toBe('Bu dosya git push: ile gönderilemedi')
  })
})
