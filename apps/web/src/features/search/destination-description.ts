import { normalizeText } from '@cabanas/domain/catalog'

export type DestinationDescription = { emoji: string; description: string }

type Theme = { keywords: readonly string[]; emoji: string; description: string }

/**
 * Checked in order: the first theme with a keyword in the destination's name wins. Keywords are
 * accent-free and lower case, and match whole words ('mar' does not match 'Marfil').
 */
const THEMES: readonly Theme[] = [
  {
    keywords: ['tulum', 'holbox'],
    emoji: '🌴',
    description: 'Caribe turquesa, cenotes y arena blanca',
  },
  {
    keywords: ['merida', 'valladolid'],
    emoji: '🏛️',
    description: 'Casonas coloniales, cenotes y cultura maya',
  },
  {
    keywords: ['lago', 'lagos', 'laguna', 'bacalar', 'presa', 'patzcuaro', 'chapala', 'valle de bravo'],
    emoji: '🛶',
    description: 'Aguas cristalinas para remar, nadar y ver el atardecer',
  },
  {
    keywords: [
      'bosque',
      'sierra',
      'montana',
      'cumbres',
      'pinos',
      'mazamitla',
      'tapalpa',
      'creel',
      'chignahuapan',
      'zacatlan',
      'huasca',
      'mineral del chico',
      'real del monte',
      'arteaga',
      'san cristobal de las casas',
    ],
    emoji: '🌲',
    description: 'Bosque, chimenea y aire fresco de montaña',
  },
  {
    keywords: [
      'playa',
      'playas',
      'costa',
      'mar',
      'puerto',
      'bahia',
      'isla',
      'cancun',
      'cozumel',
      'huatulco',
      'zihuatanejo',
      'acapulco',
      'sayulita',
      'mazunte',
      'zipolite',
      'mazatlan',
      'vallarta',
      'los cabos',
      'todos santos',
    ],
    emoji: '🏖️',
    description: 'Sol, mar y arena a unos pasos de tu cabaña',
  },
]

const FALLBACK_EMOJI = '🏡'

function hasWord(text: string, keyword: string): boolean {
  return ` ${text.replace(/[^a-z0-9]+/g, ' ')} `.includes(` ${keyword} `)
}

/** The emoji and one Spanish line shown for a destination in the search panel (spec §2). */
export function describeDestination({
  population,
  state,
}: {
  population: string
  state: string
}): DestinationDescription {
  const text = normalizeText(`${population} ${state}`)
  const theme = THEMES.find(({ keywords }) => keywords.some((keyword) => hasWord(text, keyword)))
  if (theme) return { emoji: theme.emoji, description: theme.description }
  return { emoji: FALLBACK_EMOJI, description: `Alojamientos disponibles en ${population}` }
}
