import type { ButtonHTMLAttributes, MouseEvent } from 'react'

type FormButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick'> & {
  /** Where the button goes before the app runs: a path, its query and a fragment. */
  href: string
  /** What the button does once the app runs, instead of going to `href`. */
  onClick: (event: MouseEvent<HTMLButtonElement>) => void
}

/**
 * A button that works from the first paint: until the app runs (or without JavaScript) it is the
 * submit button of a GET form that goes to `href` (its query travels as hidden fields), and once the
 * app runs its click does `onClick` instead. The form draws no box of its own.
 */
export function FormButton({ href, onClick, ...props }: FormButtonProps) {
  const [pathAndQuery = '', hash = ''] = href.split('#', 2)
  const [path = '', query = ''] = pathAndQuery.split('?', 2)
  const fields = [...new URLSearchParams(query)]
  return (
    <form method="get" action={hash ? `${path}#${hash}` : path} className="contents">
      {fields.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        onClick={(event) => {
          event.preventDefault()
          onClick(event)
        }}
        {...props}
      />
    </form>
  )
}
