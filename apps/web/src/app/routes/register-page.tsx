import { Link } from 'react-router'
import { AuthCard } from '../../features/auth/auth-card'
import { RegisterForm } from '../../features/auth/register-form'
import { HomeMarkLink } from '../logo'
import { paths } from '../paths'

/** Spec §2 Register. The route's guard sends a signed-in client home. */
export function RegisterPage() {
  return (
    <>
      <title>Crear Cuenta — Cabañas MX</title>
      <AuthCard
        logo={<HomeMarkLink />}
        title="Crear Cuenta"
        subtitle="Reserva más rápido y consulta tus reservas en un solo lugar."
        footer={
          <>
            ¿Ya tienes una cuenta?{' '}
            <Link
              to={paths.login()}
              className="font-semibold text-brand-700 hover:text-brand-800 hover:underline"
            >
              Inicia sesión
            </Link>
          </>
        }
      >
        <RegisterForm termsPath={paths.terms()} privacyPath={paths.privacy()} />
      </AuthCard>
    </>
  )
}
