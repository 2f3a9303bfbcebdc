/**
 * The kinds of content sync errors (issue 29) and how the admin names them. The server reports `errorKind` with
 * each sync or push error (api/store/git/remote-sync.ts, commit-queue.ts) and logs it as `kind`.
 */
export const SYNC_ERROR_KINDS = ['unreachable', 'refused-file', 'push-refused', 'other'] as const
export type SyncErrorKind = (typeof SYNC_ERROR_KINDS)[number]

export const syncErrorLabels: Record<SyncErrorKind, string> = {
  unreachable: 'Uzak depoya ulaşılamıyor',
  'refused-file': 'Uzak depodaki dosya geçersiz',
  'push-refused': 'Gönderim reddedildi',
  other: 'Eşitlenemedi',
}

/** A git error's text → its kind: a push the remote refused because it moved, or a remote that does not answer. */
export function gitErrorKind(text: string): SyncErrorKind {
  if (/\[rejected\]|non-fast-forward|fetch first|\(stale info\)|updates were rejected/i.test(text)) return 'push-refused'
  if (/could not read from remote|unable to access|could not resolve|connection (refused|timed out)|does not appear to be a git repository|no such file or directory|permission denied|host key verification failed/i.test(text))
    return 'unreachable'
  return 'other'
}

/** What staff read for a git failure: git's own output is English and technical, so it stays in the log. */
export const gitFailureAdvice: Record<Exclude<SyncErrorKind, 'refused-file'>, string> = {
  unreachable: 'Uzak depoya bağlanılamadı. Deponun adresini ve erişim izinlerini kontrol edin; sunucu yeniden deneyecek.',
  'push-refused':
    'Uzak depoda sunucunun henüz almadığı değişiklikler var. Sunucu önce onları alıp birleştirecek, sonra yeniden gönderecek.',
  other: 'Git işlemi tamamlanamadı. Ayrıntılar sunucu günlüğünde.',
}

/**
 * What staff read when the failure is the server's own system, not git's: Node's errors are English and name
 * the server's folders ("ENOSPC: no space left on device, write", "spawn git ENOENT").
 */
export const systemFailureAdvice = {
  diskFull: 'Sunucunun diskinde yer kalmadı. Sunucu yeniden deneyecek; yer açıldığında işlem tamamlanır.',
  noGit: 'Sunucuda git programı bulunamadı. Sunucu yöneticisinin git kurması gerekiyor.',
  other: 'Sunucuda bir dosya işlemi tamamlanamadı. Ayrıntılar sunucu günlüğünde.',
} as const

/**
 * A failure's text for the admin: our own messages (Turkish) as they are; git's output (every git failure reads
 * "git <command>: …", api/store/git/git-exec.ts) replaced by the advice for its kind, and Node's system errors by
 * theirs (the log keeps the original).
 */
export function staffGitFailure(text: string, kind: SyncErrorKind = gitErrorKind(text)): string {
  if (kind === 'refused-file') return text
  if (/^spawn \S*git ENOENT/.test(text)) return systemFailureAdvice.noGit
  if (/^ENOSPC: /.test(text)) return systemFailureAdvice.diskFull
  if (/^E[A-Z]+: /.test(text)) return systemFailureAdvice.other
  if (!/^git [a-z-]+: /.test(text)) return text
  return gitFailureAdvice[kind]
}
