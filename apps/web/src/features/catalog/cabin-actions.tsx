import { Heart, Share } from 'lucide-react'
import { cx } from '../../lib/cx'
import { useCabinShare } from './use-cabin-share'
import { useFavorite } from './use-favorite'

const actionStyle =
  'inline-flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm font-semibold text-stone-900 underline underline-offset-2 hover:bg-stone-100'

/** 'Compartir' and 'Guardar' (a local favourite, shared with the cards). */
export function CabinActions({ cabinId, name }: { cabinId: string; name: string }) {
  const share = useCabinShare()
  const [isSaved, toggleSaved] = useFavorite(cabinId)
  return (
    <div className="flex shrink-0 items-center gap-1">
      {/* Sharing needs the tap's own user activation: a tap before the app ran is not replayed. */}
      <button
        type="button"
        data-needs-gesture=""
        onClick={() => void share({ name, url: window.location.href })}
        className={actionStyle}
      >
        <Share aria-hidden="true" className="size-4" />
        Compartir
      </button>
      <button type="button" onClick={toggleSaved} className={actionStyle}>
        <Heart
          aria-hidden="true"
          className={cx('size-4 transition-colors', isSaved && 'fill-accent-500 text-accent-500')}
        />
        {isSaved ? 'Guardado' : 'Guardar'}
      </button>
    </div>
  )
}
