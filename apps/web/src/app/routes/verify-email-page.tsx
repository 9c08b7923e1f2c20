import { EmailVerificationCard } from '../../features/auth/email-verification-card'
import { useEmailVerification } from '../../features/auth/use-email-verification'
import { useLinkToken } from '../../features/auth/use-link-token'
import { HomeMarkLink } from '../logo'
import { paths } from '../paths'

/**
 * /verificar-correo#token=… (or ?token= in links mailed before), the link of 'Confirma tu correo'. The token leaves the address bar
 * first, then is posted once.
 */
export function VerifyEmailPage() {
  const { token, isUrlClean } = useLinkToken()
  const state = useEmailVerification(token, { enabled: isUrlClean })
  return (
    <>
      <title>Verificar correo — Cabañas MX</title>
      <EmailVerificationCard
        state={state}
        logo={<HomeMarkLink />}
        paths={{
          myReservations: paths.myReservations(),
          login: paths.login(),
          profile: paths.profile(),
          home: paths.home(),
        }}
      />
    </>
  )
}
