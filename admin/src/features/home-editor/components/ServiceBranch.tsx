import type { Home } from '#schema/home.ts'
import { msg } from '#schema/messages.ts'
import { Button } from '../../../components/ui/Button.tsx'
import { errorText } from '../../../lib/api-client.ts'
import { confirmAction } from '../../../lib/confirm.ts'
import { serviceItemSchema, useAddServiceItem } from '../api/add-service-item.ts'
import { useDeleteServiceNode, type ServiceNode } from '../api/delete-service-node.ts'
import type { Feedback } from '../hooks/feedback.ts'
import { AddTitleForm } from './AddTitleForm.tsx'

type Branch = Home['services']['tree'][number]

/** One main heading: its sub-items with delete, an add-sub-item form, and its own delete. */
export function ServiceBranch({ branch, feedback }: { branch: Branch; feedback: Feedback }) {
  const addItem = useAddServiceItem()
  const remove = useDeleteServiceNode()

  async function add(title: string) {
    try {
      await addItem.mutateAsync({ branchId: branch.id, title })
      feedback.ok(msg.homeSaved)
      return true
    } catch (error) {
      feedback.fail(errorText(error, msg.subItemAddError))
      return false
    }
  }

  async function del(node: ServiceNode, title: string) {
    if (!(await confirmAction(`"${title}" silinsin mi?`))) return
    try {
      await remove.mutateAsync(node)
      feedback.ok(msg.homeSaved)
    } catch (error) {
      feedback.fail(errorText(error, msg.deleteError))
    }
  }

  return (
    <li className="service-branch">
      <div className="service-branch__head">
        <strong>{branch.title}</strong>
        <Button
          variant="danger"
          size="sm"
          // The visible text first, so 'Başlığı sil' still finds it; the title tells the branches apart.
          aria-label={`Başlığı sil: ${branch.title}`}
          onClick={() => del({ branchId: branch.id }, branch.title)}
        >
          Başlığı sil
        </Button>
      </div>
      {branch.items.length > 0 && (
        <ul className="service-branch__items">
          {branch.items.map((item) => (
            <li key={item.id}>
              <span>{item.title}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`${item.title} alt başlığını sil`}
                onClick={() => del({ branchId: branch.id, itemId: item.id }, item.title)}
              >
                Sil
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AddTitleForm
        label={`${branch.title} için alt başlık`}
        draftId={`services.${branch.id}.yeni-alt-baslik`}
        buttonText="Alt başlık ekle"
        schema={serviceItemSchema}
        busy={addItem.isPending}
        onAdd={add}
      />
    </li>
  )
}
