import { describe, expect, it } from 'vitest'
import { gitFailureAdvice, staffGitFailure } from './git-sync.ts'

describe('staffGitFailure', () => {
  it("replaces git's own output by the advice for its kind", () => {
    const refused = 'git push: To /srv/icerik.git\n ! [rejected]        main -> main (fetch first)\nhint: Updates were rejected'
    expect(staffGitFailure(refused)).toBe(gitFailureAdvice['push-refused'])
    expect(staffGitFailure('git fetch: fatal: unable to access https://x/: Could not resolve host: x')).toBe(
      gitFailureAdvice.unreachable,
    )
    expect(staffGitFailure('git commit: fatal: cannot lock ref HEAD')).toBe(gitFailureAdvice.other)
  })
  it('keeps our own Turkish messages, and every refused file as it is named', () => {
    const own = 'blogs.json uzak depoda silindi; yayındaki dosya korunuyor'
    expect(staffGitFailure(own)).toBe(own)
    expect(staffGitFailure('git show: blogs.json', 'refused-file')).toBe('git show: blogs.json')
    // "git" inside a sentence is no git output.
    expect(staffGitFailure('Bu dosya git push: ile gönderilemedi')).toBe('Bu dosya git push: ile gönderilemedi')
  })
})
