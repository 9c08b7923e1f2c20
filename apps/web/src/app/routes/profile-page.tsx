import { EmailChangeForm } from '../../features/auth/email-change-form'
import { PasswordChangeForm } from '../../features/auth/password-change-form'
import { PreferencesForm } from '../../features/auth/preferences-form'
import { ProfileForm } from '../../features/auth/profile-form'
import { LinkedAccounts, ProfileOverview } from '../../features/auth/profile-overview'
import { useSession } from '../../features/auth/use-session'

/** Spec §2 Profile. The route's guard lets only signed-in clients in. */
export function ProfilePage() {
  const { user, token } = useSession()
  return (
    <>
      <title>Mi Perfil — Cabañas MX</title>
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Mi Perfil</h1>
        {user && token && (
          <>
            <p className="mt-1 text-stone-600">
              Hola, {user.firstName}. Administra tus datos y cómo te contactamos.
            </p>
            <div className="mt-8 flex flex-col gap-6">
              <ProfileOverview user={user} />
              <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
                <div className="flex min-w-0 flex-col gap-6">
                  <ProfileForm key={`profile-${user.id}`} user={user} token={token} />
                  <PreferencesForm key={`preferences-${user.id}`} user={user} token={token} />
                  <EmailChangeForm key={`email-${user.id}`} token={token} currentEmail={user.email} />
                  <PasswordChangeForm key={`password-${user.id}`} token={token} />
                </div>
                <LinkedAccounts providers={user.oauthProviders} />
              </div>
            </div>
          </>
        )}
      </div>
    </>
  )
}
