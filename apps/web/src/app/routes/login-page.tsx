import { Link, useLocation } from 'react-router'
import { AuthCard } from '../../features/auth/auth-card'
import { LoginForm } from '../../features/auth/login-form'
import { HomeMarkLink } from '../logo'
import { paths } from '../paths'

/** Spec §2 Login. The route's guard sends a signed-in client back where they came from. */
export function LoginPage() {
  const location = useLocation()
  return (
    <>
      <title>Inicia Sesión — Cabañas MX</title>
      <AuthCard
        logo={<HomeMarkLink />}
        title="Inicia Sesión"
        subtitle="Accede a tus reservas y preferencias."
        footer={
          <>
            ¿No tienes una cuenta?{' '}
            <Link
              to={paths.register()}
              state={location.state}
              className="font-semibold text-brand-700 hover:text-brand-800 hover:underline"
            >
              Regístrate
            </Link>
          </>
        }
      >
        <LoginForm forgotPasswordPath={paths.forgotPassword()} />
      </AuthCard>
    </>
  )
}
