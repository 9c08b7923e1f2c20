import { Button } from '../../components/ui/button'

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1 .7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.7-4.9h-4v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.3 14.4a7.2 7.2 0 0 1 0-4.8V6.5h-4a12 12 0 0 0 0 10.9l4-3Z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.5l4 3.1C6.3 6.8 8.9 4.8 12 4.8Z"
      />
    </svg>
  )
}

/** 'Continuar con Google': social sign-in is not implemented (spec §1), the caller shows a message. */
export function GoogleButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outline" size="lg" className="w-full text-sm" onClick={onClick}>
      <GoogleMark />
      Continuar con Google
    </Button>
  )
}

/** The line between the social button and the form. */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-stone-500 uppercase">
      <span className="h-px flex-1 bg-stone-200" />o<span className="h-px flex-1 bg-stone-200" />
    </div>
  )
}
