import { CircleCheck, LoaderCircle } from 'lucide-react'
import { checkoutSuccessTexts } from './checkout-texts'

/**
 * Spec §2: shown over the whole page after a confirmed payment, until the redirect. What it says is
 * read aloud by the checkout's status region, there since the form opened (checkout-submit-button.tsx):
 * politely, where this overlay was an assertive region; the redirect comes 2.5 s later.
 */
export function CheckoutSuccessOverlay() {
  return (
    <div className="fixed inset-0 z-[70] flex items-center justify-center bg-white/90 p-6 backdrop-blur-sm motion-safe:animate-fade-in">
      <div className="flex w-full max-w-sm flex-col items-center rounded-3xl border border-emerald-100 bg-white px-8 py-10 text-center shadow-xl">
        <span className="flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
          <CircleCheck aria-hidden="true" className="size-9" />
        </span>
        <p className="mt-5 text-2xl font-semibold text-stone-900">{checkoutSuccessTexts.title}</p>
        <p className="mt-2 text-stone-600">{checkoutSuccessTexts.text}</p>
        <p className="mt-6 flex items-center gap-2 text-sm text-stone-500">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Redirigiendo...
        </p>
      </div>
    </div>
  )
}
