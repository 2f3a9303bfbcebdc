import { useState } from 'react'
import { msg } from '#schema/messages.ts'
import { StatusDock } from '../../components/StatusDock.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { Card } from '../../components/ui/Card.tsx'
import { LoadError } from '../../components/ui/LoadError.tsx'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { useTimedMessage } from '../../hooks/useTimedMessage.ts'
import { ApiError } from '../../lib/api-client.ts'
import { confirmAction } from '../../lib/confirm.ts'
import { useDeleteProject } from './api/delete-project.ts'
import { useProjects, type AdminProject } from './api/get-projects.ts'
import { ProjectForm } from './components/ProjectForm.tsx'
import { ProjectList } from './components/ProjectList.tsx'
import './social-projects.css'

type Mode = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; project: AdminProject }

/** /admin/sosyal-sorumluluk-projeleri: the project list and the new/edit form. */
export default function SocialProjectsPage() {
  const [mode, setMode] = useState<Mode>({ kind: 'list' })
  const projects = useProjects()
  const remove = useDeleteProject()
  const { message, show } = useTimedMessage(5000)
  const [published, setPublished] = useState(0)

  async function del(project: AdminProject) {
    if (!confirmAction(`"${project.title}" projesi silinsin mi?`)) return
    try {
      const res = await remove.mutateAsync(project.id)
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
      <StatusDock message={message} published={published} />
      {mode.kind !== 'list' ? (
        <ProjectForm
          key={mode.kind === 'edit' ? mode.project.id : 'new'}
          project={mode.kind === 'edit' ? mode.project : undefined}
          onSaved={(text) => {
            show('success', text)
            setPublished(Date.now())
            setMode({ kind: 'list' })
          }}
          onCancel={() => setMode({ kind: 'list' })}
          onError={(text) => show('error', text)}
        />
      ) : (
        <Card title="Projeler">
          {projects.isPending ? (
            <Spinner />
          ) : projects.isError ? (
            <LoadError fallback={msg.projectsLoadError} error={projects.error} />
          ) : (
            <ProjectList
              projects={projects.data}
              onEdit={(project) => setMode({ kind: 'edit', project })}
              onDelete={del}
            />
          )}
        </Card>
      )}
    </div>
  )
}
