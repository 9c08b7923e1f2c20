import { MAX_GUESTS } from '@cabanas/domain/quotes'
import { Stepper } from '../../components/ui/stepper'

type GuestsPanelProps = {
  id: string
  guests: number
  onChange: (guests: number) => void
}

/** Spec §2: 'Adultos', 13 años o más, never below 0. */
export function GuestsPanel({ id, guests, onChange }: GuestsPanelProps) {
  return (
    <div
      id={id}
      role="dialog"
      aria-label="Huéspedes"
      className="w-full rounded-3xl border border-stone-200 bg-white px-6 py-5 shadow-xl md:w-96"
    >
      <Stepper
        label="Adultos"
        description="13 años o más"
        value={guests}
        min={0}
        max={MAX_GUESTS}
        onChange={onChange}
      />
    </div>
  )
}
