import type { Client } from '@cabanas/domain/auth'
import { BadgeCheck, Clock, KeyRound, Mail } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from '../../components/ui/badge'
import { FormSection } from '../../components/ui/form-section'
import { formatLongDate } from '../../lib/format'
import { ResendVerificationButton } from './resend-verification-button'

const registrationMethods: Record<string, string> = {
  email: 'Correo electrónico',
  google: 'Google',
  facebook: 'Facebook',
}

function lastAccessOf(lastLogin: string | null): string {
  if (!lastLogin) return 'Sin registro'
  try {
    return formatLongDate(new Date(lastLogin))
  } catch {
    return 'Sin registro'
  }
}

/**
 * The four account cards of spec §2 Profile: email, last access, registration method, verification
 * (with 'Reenviar correo de verificación' while the address is not verified).
 */
export function ProfileOverview({ user }: { user: Client }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <InfoCard icon={<Mail />} label="Correo electrónico">
        <span className="[overflow-wrap:anywhere]">{user.email}</span>
      </InfoCard>
      <InfoCard icon={<Clock />} label="Último acceso">
        {lastAccessOf(user.lastLogin)}
      </InfoCard>
      <InfoCard icon={<KeyRound />} label="Método de registro">
        {registrationMethods[user.registrationMethod] ?? user.registrationMethod}
      </InfoCard>
      <InfoCard icon={<BadgeCheck />} label="Correo verificado">
        {user.isEmailVerified ? (
          <Badge tone="green">Verificado</Badge>
        ) : (
          <span className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <Badge tone="yellow">No verificado</Badge>
            <ResendVerificationButton />
          </span>
        )}
      </InfoCard>
    </dl>
  )
}

function InfoCard({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 [&_svg]:size-4.5"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{label}</dt>
        <dd className="mt-1 text-sm font-medium text-stone-900">{children}</dd>
      </div>
    </div>
  )
}

/** Google and Facebook (spec §2: linked accounts). Social login itself is not implemented. */
export function LinkedAccounts({ providers }: { providers: Client['oauthProviders'] }) {
  const rows = [
    { name: 'Google', isLinked: providers.google },
    { name: 'Facebook', isLinked: providers.facebook },
  ]
  return (
    <FormSection title="Cuentas vinculadas" description="Servicios con los que puedes acceder a tu cuenta.">
      <ul className="divide-y divide-stone-100">
        {rows.map(({ name, isLinked }) => (
          <li key={name} className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
            <span className="text-sm font-medium text-stone-900">{name}</span>
            {isLinked ? <Badge tone="green">Vinculada</Badge> : <Badge tone="grey">No vinculada</Badge>}
          </li>
        ))}
      </ul>
    </FormSection>
  )
}
