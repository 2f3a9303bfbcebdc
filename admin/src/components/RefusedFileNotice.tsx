import { FIELD_LABELS } from '#schema/field-labels.ts'
import { useBuildStatus } from '../hooks/useBuildStatus.ts'

/**
 * An editor's warning that its content file on disk was refused (changed outside the admin, e.g. by git, and
 * invalid or unsafe): the site keeps the last valid version, and the notice says why and what a save will do
 * (issue 18, decision 074). `files`: the content files the editor saves ('about.json'); for posts and projects,
 * stored a file each (decision 333), 'blogs.json' also stands for every file in `blogs/`.
 */
export function RefusedFileNotice({ files }: { files: string[] }) {
  const build = useBuildStatus()
  const errors = build.data?.content?.errors.filter((e) => files.some((f) => belongsTo(e.file, f))) ?? []
  if (!errors.length) return null
  return (
    <div className="notice notice--error" role="alert">
      {errors.map((e) => (
        <p key={`${e.file}:${e.field}`}>
          {files.includes(e.file) ? 'Bu dosyanın' : 'Bu listedeki bir kaydın dosyasının'} diskteki sürümü geçersiz:{' '}
          {fieldOf(e.field)}
          {e.message.replace(/\.$/, '')}. Sitede son geçerli sürüm yayında kalıyor. {e.onSave}
        </p>
      ))}
    </div>
  )
}

/** Whether an error's file is `file` or, for a collection stored a file per item, one of its files. */
const belongsTo = (errorFile: string, file: string) => errorFile === file || errorFile.startsWith(file.replace(/\.json$/, '/'))

/** 'alan "Başlık": ' for a field path such as '[3].title', or nothing for the whole file. */
function fieldOf(path: string): string {
  const key = path.match(/[A-Za-z_][A-Za-z0-9_]*/g)?.at(-1)
  return key ? `alan "${FIELD_LABELS[key] ?? key}": ` : ''
}
