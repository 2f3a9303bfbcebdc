import { useSearchParams } from 'react-router'
import { useState } from 'react'
import { msg } from '#schema/messages.ts'
import { RefusedFileNotice } from '../../components/RefusedFileNotice.tsx'
import { StatusDock } from '../../components/StatusDock.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { usePagedSearch } from '../../hooks/usePagedSearch.ts'
import { useTimedMessage } from '../../hooks/useTimedMessage.ts'
import { ApiError } from '../../lib/api-client.ts'
import { confirmAction } from '../../lib/confirm.ts'
import { useDeleteProject } from './api/delete-project.ts'
import type { ProjectRow } from './api/get-projects.ts'
import { ProjectEditor } from './components/ProjectEditor.tsx'
import { ProjectForm } from './components/ProjectForm.tsx'
import { ProjectListSection } from './components/ProjectListSection.tsx'
import './social-projects.css'

type Mode = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; id: string }

/** /admin/sosyal-sorumluluk-projeleri: the project list and the new/edit form. */
export default function SocialProjectsPage() {
  // ?duzenle=<id> opens that project's editor (the dashboard's SEO tips link there).
  const [params] = useSearchParams()
  const [mode, setMode] = useState<Mode>(() => {
    const id = params.get('duzenle')
    return id ? { kind: 'edit', id } : { kind: 'list' }
  })
  const paging = usePagedSearch()
  const remove = useDeleteProject()
  const { message, show } = useTimedMessage(5000)
  const [published, setPublished] = useState(0)

  const formHandlers = {
    onSaved: (text: string) => {
      show('success', text)
      setPublished(Date.now())
      setMode({ kind: 'list' })
    },
    onCancel: () => setMode({ kind: 'list' }),
    onError: (text: string) => show('error', text),
  }

  async function del(project: ProjectRow) {
    if (!(await confirmAction(`"${project.title}" projesi silinsin mi?`))) return
    try {
      const res = await remove.mutateAsync({ id: project.id, version: project.version })
      show('success', res.message ?? msg.projectDeleted)
      setPublished(Date.now())
    } catch (error) {
      const detail = error instanceof ApiError && error.serverMessage ? error.serverMessage : msg.genericError
      show('error', msg.projectDeleteError + detail)
    }
  }

  return (
    <div className="stack content-admin">
      <PageHeader
        title="Sosyal Sorumluluk Projeleri"
        actions={
          mode.kind === 'list' && <Button onClick={() => setMode({ kind: 'new' })}>+ Yeni proje</Button>
        }
      />
      <RefusedFileNotice files={['social-projects.json']} />
      <StatusDock message={message} published={published} />
      {mode.kind === 'list' ? (
        <ProjectListSection
          paging={paging}
          onEdit={(project) => setMode({ kind: 'edit', id: project.id })}
          onDelete={del}
        />
      ) : mode.kind === 'edit' ? (
        <ProjectEditor key={mode.id} id={mode.id} {...formHandlers} />
      ) : (
        <ProjectForm key="new" {...formHandlers} />
      )}
    </div>
  )
}
