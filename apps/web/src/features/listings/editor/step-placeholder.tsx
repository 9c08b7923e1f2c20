import type { ListingStep } from '@cabanas/domain/listings'
import { Hammer } from 'lucide-react'
import type { ListingStepProps } from './step-props'

/** A step whose form is still being built: the editor's shell works around it. */
export function StepPlaceholder<S extends ListingStep>(_props: ListingStepProps<S>) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-stone-300 px-4 py-12 text-center">
      <Hammer aria-hidden="true" className="size-8 text-stone-400" />
      <p className="font-medium text-stone-900">Este paso estará disponible muy pronto.</p>
      <p className="text-sm text-stone-600">Mientras tanto, puedes completar los demás pasos.</p>
    </div>
  )
}
