import { msg } from '#schema/messages.ts'
import { LoadError } from '../../../components/ui/LoadError.tsx'
import { Spinner } from '../../../components/ui/Spinner.tsx'
import { useProject } from '../api/get-project.ts'
import { PageAdvice } from '../../seo/PageAdvice.tsx'
import { ProjectForm } from './ProjectForm.tsx'

type Props = {
  id: string
  onSaved: (message: string) => void
  onCancel: () => void
  onError: (text: string) => void
}

/** The edit form of one project, filled from GET /api/admin/social-projects/{id} (list rows carry no body). */
export function ProjectEditor({ id, ...formProps }: Props) {
  const project = useProject(id)
  if (project.isPending) return <Spinner />
  if (project.isError) return <LoadError fallback={msg.projectLoadError} error={project.error} />
  return (
    <>
      <PageAdvice path={`/sosyal-sorumluluk/${project.data.slug || project.data.id}`} title="Bu proje için öneriler" />
      <ProjectForm key={project.data.version} project={project.data} onReload={() => void project.refetch()} {...formProps} />
    </>
  )
}
