import { Eye, EyeOff } from 'lucide-react'
import { useState } from 'react'
import { cx } from '../../lib/cx'
import { Input, type InputProps } from './field'

/** A password input with a 'Mostrar' / 'Ocultar' toggle inside its border. */
export function PasswordInput({ className, ...props }: Omit<InputProps, 'type'>) {
  const [isVisible, setVisible] = useState(false)
  return (
    <div className="relative">
      <Input {...props} type={isVisible ? 'text' : 'password'} className={cx('pr-12', className)} />
      <button
        type="button"
        aria-label={isVisible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
        onClick={() => setVisible((visible) => !visible)}
        className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-xl text-stone-500 hover:text-stone-800 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      >
        {isVisible ? (
          <EyeOff aria-hidden="true" className="size-5" />
        ) : (
          <Eye aria-hidden="true" className="size-5" />
        )}
      </button>
    </div>
  )
}
