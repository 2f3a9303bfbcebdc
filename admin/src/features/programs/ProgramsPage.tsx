import { useState } from 'react'
import { msg } from '#schema/messages.ts'
import { errorText } from '../../lib/api-client.ts'
import { confirmAction } from '../../lib/confirm.ts'
import { useTimedMessage } from '../../hooks/useTimedMessage.ts'
import { RefusedFileNotice } from '../../components/RefusedFileNotice.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { EmptyState } from '../../components/ui/EmptyState.tsx'
import { LoadError } from '../../components/ui/LoadError.tsx'
import { Notice } from '../../components/ui/Notice.tsx'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { PublishStatus } from '../../components/PublishStatus.tsx'
import { useDeleteProgram } from './api/delete-program.ts'
import { usePrograms, type AdminProgram } from './api/get-programs.ts'
import { ProgramForm } from './components/ProgramForm.tsx'
import { ProgramTable } from './components/ProgramTable.tsx'

type FormState = { open: false } | { open: true; program: AdminProgram | null }

/** /admin/programlar-duzenle: list, create, edit, delete downloadable programs. */
export default function ProgramsPage() {
  const programs = usePrograms()
  const remove = useDeleteProgram()
  const [form, setForm] = useState<FormState>({ open: false })
  const [publishedAt, setPublishedAt] = useState(0)
  const { message, show } = useTimedMessage(5000)

  function saved(text: string) {
    setForm({ open: false })
    show('success', text)
    setPublishedAt(Date.now())
  }

  async function del(p: AdminProgram) {
    if (!(await confirmAction(`"${p.name}" programını silmek istediğinizden emin misiniz?`))) return
    remove.mutate({ id: p.id, contentVersion: p.contentVersion }, {
      onSuccess: (res) => saved(res.message ?? msg.programDeleted),
      onError: (error) => show('error', errorText(error, msg.programDeleteError)),
    })
  }

  return (
    <>
      <PageHeader
        title="Programlar"
        description="İndirilebilir programları yönetin."
        actions={
          !form.open && (
            <Button onClick={() => setForm({ open: true, program: null })}>Yeni Program Ekle</Button>
          )
        }
      />
      <RefusedFileNotice files={['programs.json']} />
      <Notice message={message} />
      <PublishStatus trigger={publishedAt} />
      {form.open ? (
        <ProgramForm
          key={form.program?.id ?? 'new'}
          program={form.program}
          onSaved={saved}
          onError={(text) => show('error', text)}
          onCancel={() => setForm({ open: false })}
          onReload={() => {
            setForm({ open: false })
            void programs.refetch()
          }}
        />
      ) : programs.isPending ? (
        <Spinner />
      ) : programs.isError ? (
        <LoadError fallback={msg.programsLoadError} error={programs.error} />
      ) : programs.data.length === 0 ? (
        <EmptyState>Henüz program eklenmemiş.</EmptyState>
      ) : (
        <ProgramTable
          programs={programs.data}
          onEdit={(program) => setForm({ open: true, program })}
          onDelete={del}
          deletingId={remove.isPending ? remove.variables?.id : undefined}
        />
      )}
    </>
  )
}
