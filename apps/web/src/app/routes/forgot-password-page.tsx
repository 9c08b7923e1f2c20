import { Link } from 'react-router'
import { buttonStyles } from '../../components/ui/button'
import { AuthCard } from '../../features/auth/auth-card'
import { ForgotPasswordForm } from '../../features/auth/forgot-password-form'
import { ResetPasswordForm } from '../../features/auth/reset-password-form'
import { useLinkToken } from '../../features/auth/use-link-token'
import { HomeMarkLink } from '../logo'
import { paths } from '../paths'

const linkStyles = 'font-semibold text-brand-700 hover:text-brand-800 hover:underline'

/**
 * /forgot-password: asks for the email and mails a link; the mailed link comes back here with
 * `#token=` (taken out of the address at once), and then the page sets the new password.
 */
export function ForgotPasswordPage() {
  const { token, forget } = useLinkToken()
  const logo = <HomeMarkLink />
  const backToLogin = (
    <>
      ¿La recordaste?{' '}
      <Link to={paths.login()} className={linkStyles}>
        Inicia sesión
      </Link>
    </>
  )

  if (token !== null) {
    return (
      <>
        <title>Nueva contraseña — Cabañas MX</title>
        <AuthCard
          logo={logo}
          title="Elige una nueva contraseña"
          subtitle="Escríbela dos veces para confirmarla."
          footer={backToLogin}
        >
          <ResetPasswordForm
            token={token}
            doneAction={
              <Link
                to={paths.login()}
                replace
                onClick={forget}
                className={buttonStyles({ size: 'lg', className: 'w-full' })}
              >
                Iniciar sesión
              </Link>
            }
            retryAction={
              <Link to={paths.forgotPassword()} onClick={forget} className={linkStyles}>
                Solicitar un enlace nuevo
              </Link>
            }
          />
        </AuthCard>
      </>
    )
  }

  return (
    <>
      <title>Recuperar contraseña — Cabañas MX</title>
      <AuthCard
        logo={logo}
        title="Recuperar contraseña"
        subtitle="Escribe el correo de tu cuenta y te enviaremos un enlace para crear una nueva contraseña."
        footer={backToLogin}
      >
        <ForgotPasswordForm />
      </AuthCard>
    </>
  )
}
