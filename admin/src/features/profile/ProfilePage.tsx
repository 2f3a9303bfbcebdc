import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx'
import { useAdminUser } from '../../hooks/useAdminUser.ts'
import { OwnProfileForm } from './components/OwnProfileForm.tsx'
import { UserManagement } from './components/UserManagement.tsx'

/** /admin/profil: own profile for everyone, user management for superadmins only. */
export default function ProfilePage() {
  const user = useAdminUser()
  if (!user) return null
  return (
    <>
      <PageHeader title="Profil" description="Hesap bilgilerinizi güncelleyin." />
      <ErrorBoundary>
        <OwnProfileForm key={user.id} user={user} />
      </ErrorBoundary>
      {user.role === 'superadmin' && (
        <ErrorBoundary>
          <UserManagement currentUserId={user.id} />
        </ErrorBoundary>
      )}
    </>
  )
}
