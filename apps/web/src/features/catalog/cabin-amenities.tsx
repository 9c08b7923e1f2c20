import {
  type AccommodationFeatures,
  AMENITY_LABELS,
  type AmenityKey,
  amenityLabel,
  FEATURE_GROUPS,
  type FeatureGroup,
  listAmenities,
} from '@cabanas/domain/catalog'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { CabinAmenityIcon } from './cabin-amenity-icon'

/** Spec §9: amenities shown before 'Mostrar las N amenidades'. */
const AMENITY_PREVIEW = 10

const GROUP_TITLES: Record<FeatureGroup, string> = {
  generalFeatures: 'Generales',
  parking: 'Estacionamiento',
  kitchen: 'Cocina y comedor',
  activities: 'Actividades',
  views: 'Vistas',
  livingRoom: 'Sala y exteriores',
  restroomFeatures: 'Baño',
  sport: 'Deportes y recreación',
}

function groupOf(amenity: AmenityKey): FeatureGroup {
  return FEATURE_GROUPS.find((group) => Object.hasOwn(AMENITY_LABELS[group], amenity)) ?? 'generalFeatures'
}

/** 'Lo que ofrece este lugar': the first ten amenities, and all of them, by group, in a dialog. */
export function CabinAmenities({ features }: { features: AccommodationFeatures }) {
  const [isOpen, setOpen] = useState(false)
  const amenities = listAmenities(features)
  if (amenities.length === 0) return null

  return (
    <section aria-labelledby="amenidades">
      <h2 id="amenidades" className="text-xl font-semibold text-stone-900">
        Lo que ofrece este lugar
      </h2>
      <ul className="mt-5 grid gap-x-8 gap-y-4 sm:grid-cols-2">
        {amenities.slice(0, AMENITY_PREVIEW).map((amenity) => (
          <li key={amenity} className="flex items-center gap-4 text-stone-800">
            <CabinAmenityIcon amenity={amenity} className="size-6 shrink-0 text-stone-700" />
            {amenityLabel(amenity)}
          </li>
        ))}
      </ul>
      {amenities.length > AMENITY_PREVIEW && (
        <Button variant="outline" size="lg" onClick={() => setOpen(true)} className="mt-7 rounded-xl">
          {`Mostrar las ${amenities.length} amenidades`}
        </Button>
      )}
      <Dialog open={isOpen} onOpenChange={setOpen} title="Lo que ofrece este lugar" size="lg">
        <div className="space-y-8 px-6 py-6">
          {FEATURE_GROUPS.map((group) => {
            const inGroup = amenities.filter((amenity) => groupOf(amenity) === group)
            if (inGroup.length === 0) return null
            return (
              <section key={group} aria-label={GROUP_TITLES[group]}>
                <h3 className="text-lg font-semibold text-stone-900">{GROUP_TITLES[group]}</h3>
                <ul className="mt-2 divide-y divide-stone-200">
                  {inGroup.map((amenity) => (
                    <li key={amenity} className="flex items-center gap-4 py-4 text-stone-800">
                      <CabinAmenityIcon amenity={amenity} className="size-6 shrink-0 text-stone-700" />
                      {amenityLabel(amenity)}
                    </li>
                  ))}
                </ul>
              </section>
            )
          })}
        </div>
      </Dialog>
    </section>
  )
}
