import { ChevronDown } from 'lucide-react'
import { useId, useRef } from 'react'
import { Popover } from '../../components/ui/popover'
import { Stepper } from '../../components/ui/stepper'
import { cx } from '../../lib/cx'
import { type Occupancy, occupancyLabel } from './stay'

type GuestsPickerProps = {
  guests: number
  occupancy: Occupancy
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  onChange: (guests: number) => void
}

function guestsText(guests: number): string {
  return `${guests} ${guests === 1 ? 'huésped' : 'huéspedes'}`
}

/** HUÉSPEDES: a plus/minus counter bounded by the cabin's occupancy (spec §2). */
export function GuestsPicker({ guests, occupancy, isOpen, onOpenChange, onChange }: GuestsPickerProps) {
  const panelId = useId()
  const triggerRef = useRef<HTMLButtonElement>(null)
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => onOpenChange(!isOpen)}
        aria-label={`HUÉSPEDES: ${guestsText(guests)}`}
        className={cx(
          'flex w-full items-center justify-between gap-3 rounded-b-xl px-3.5 py-2.5 text-left transition-colors hover:bg-stone-50',
          isOpen && 'rounded-xl bg-white ring-2 ring-stone-900 hover:bg-white',
        )}
      >
        <span className="min-w-0">
          <span className="block text-[10px] font-bold tracking-wider text-stone-900">HUÉSPEDES</span>{' '}
          <span className="block truncate text-sm text-stone-900">{guestsText(guests)}</span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cx('size-5 shrink-0 text-stone-700 transition-transform', isOpen && 'rotate-180')}
        />
      </button>
      <Popover
        open={isOpen}
        onOpenChange={onOpenChange}
        anchorRef={triggerRef}
        id={panelId}
        aria-label="Huéspedes"
        align="end"
        className="w-[var(--radix-popover-trigger-width)] min-w-[18rem] p-5"
      >
        <Stepper
          label="Huéspedes"
          description={occupancyLabel(occupancy)}
          value={guests}
          min={occupancy.minOccupancy}
          max={occupancy.maxOccupancy}
          onChange={onChange}
        />
        <div className="mt-4 flex justify-end">
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            className="rounded-lg px-2 py-1.5 text-sm font-semibold text-stone-900 underline underline-offset-2 hover:bg-stone-100"
          >
            Cerrar
          </button>
        </div>
      </Popover>
    </>
  )
}
