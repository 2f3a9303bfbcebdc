import { PageHeader } from '../../components/ui/PageHeader.tsx'

/** Placeholder until this screen is written. */
export default function Page() {
  return <PageHeader title="UnreadMessagesPage" />
}
