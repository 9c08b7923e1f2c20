import type { ReactNode } from 'react'

type AuthCardProps = {
  /** The logo, linking home. */
  logo: ReactNode
  title: string
  subtitle?: ReactNode
  children: ReactNode
  /** Under the card: 'Regístrate', 'Inicia sesión'. */
  footer?: ReactNode
}

/** The centred card of the login, register and password pages. */
export function AuthCard({ logo, title, subtitle, children, footer }: AuthCardProps) {
  return (
    <div className="flex flex-1 justify-center px-4 py-8 sm:py-14">
      <div className="w-full max-w-md">
        <div className="rounded-3xl border border-stone-200 bg-white px-5 py-7 shadow-sm sm:px-8 sm:py-9">
          <div className="flex flex-col items-center text-center">
            {logo}
            <h1 className="mt-4 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
            {subtitle && <p className="mt-2 text-pretty text-stone-600">{subtitle}</p>}
          </div>
          <div className="mt-7">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-stone-600">{footer}</div>}
      </div>
    </div>
  )
}
