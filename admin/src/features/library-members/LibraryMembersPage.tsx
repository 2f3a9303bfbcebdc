import { useState } from 'react'
import type { PublicMember } from '#schema/library-member.ts'
import { msg } from '#schema/messages.ts'
import { errorText } from '../../lib/api-client.ts'
import { confirmAction } from '../../lib/confirm.ts'
import { useTimedMessage } from '../../hooks/useTimedMessage.ts'
import { Button } from '../../components/ui/Button.tsx'
import { EmptyState } from '../../components/ui/EmptyState.tsx'
import { LoadError } from '../../components/ui/LoadError.tsx'
import { Notice } from '../../components/ui/Notice.tsx'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { useDeleteMember } from './api/delete-member.ts'
import { useMembers } from './api/get-members.ts'
import { MemberForm } from './components/MemberForm.tsx'
import { MemberTable } from './components/MemberTable.tsx'

type FormState = { open: false } | { open: true; member: PublicMember | null }

/** /admin/kutuphane-uyeleri: list, add, edit, delete library members. */
export default function LibraryMembersPage() {
  const members = useMembers()
  const remove = useDeleteMember()
  const [form, setForm] = useState<FormState>({ open: false })
  const { message, show } = useTimedMessage(5000)

  async function del(m: PublicMember) {
    if (!(await confirmAction(`"${m.name}" adlı üyeyi silmek istediğinizden emin misiniz?`))) return
    remove.mutate(m.id, {
      onSuccess: () => show('success', msg.memberDeleted),
      onError: (error) => show('error', errorText(error, msg.memberDeleteError)),
    })
  }

  return (
    <>
      <PageHeader
        title="Kütüphane Üyeleri"
        description={members.isSuccess ? `${members.data.length} üye` : undefined}
        actions={
          !form.open && <Button onClick={() => setForm({ open: true, member: null })}>Yeni Üye Ekle</Button>
        }
      />
      <Notice message={message} />
      {form.open && (
        <MemberForm
          key={form.member?.id ?? 'new'}
          member={form.member}
          onSaved={(text) => {
            setForm({ open: false })
            show('success', text)
          }}
          onError={(text) => show('error', text)}
          onCancel={() => setForm({ open: false })}
        />
      )}
      {form.open ? null : members.isPending ? (
        <Spinner />
      ) : members.isError ? (
        <LoadError fallback={msg.memberLoadError} error={members.error} />
      ) : members.data.length === 0 ? (
        <EmptyState>Henüz kütüphane üyesi yok.</EmptyState>
      ) : (
        <MemberTable
          members={members.data}
          onEdit={(member) => setForm({ open: true, member })}
          onDelete={del}
          deletingId={remove.isPending ? remove.variables : undefined}
        />
      )}
    </>
  )
}
