import {
  AMENITY_GROUP_KEYS,
  type AmenityKey,
  FEATURE_GROUPS,
  type FeatureGroup,
  isAmenityKey,
} from './amenity-keys'

export {
  AMENITY_GROUP_KEYS,
  AMENITY_KEYS,
  type AmenityKey,
  FEATURE_GROUPS,
  type FeatureGroup,
  isAmenityKey,
} from './amenity-keys'

/** Spanish label of every feature key (catalog/amenity-keys.ts), per group: each key once, no other. */
export const AMENITY_LABELS = {
  generalFeatures: {
    wifi: 'Wifi',
    fastWifi: 'Wifi de alta velocidad',
    workspace: 'Zona de trabajo',
    airConditioning: 'Aire acondicionado',
    heating: 'Calefacción',
    ceilingFan: 'Ventilador de techo',
    petsAllowed: 'Se admiten mascotas',
    smokingAllowed: 'Se permite fumar',
    eventsAllowed: 'Se permiten eventos',
    familyFriendly: 'Apto para familias',
    crib: 'Cuna',
    highChair: 'Silla alta para bebé',
    washer: 'Lavadora',
    dryer: 'Secadora',
    iron: 'Plancha',
    hairDryer: 'Secadora de cabello',
    bedLinens: 'Ropa de cama',
    extraBlankets: 'Cobijas adicionales',
    hangers: 'Ganchos para ropa',
    safe: 'Caja fuerte',
    smokeDetector: 'Detector de humo',
    carbonMonoxideDetector: 'Detector de monóxido de carbono',
    fireExtinguisher: 'Extintor',
    firstAidKit: 'Botiquín de primeros auxilios',
    securityCameras: 'Cámaras de seguridad en el exterior',
    selfCheckIn: 'Llegada autónoma',
    keypadLock: 'Cerradura con teclado',
    luggageDropoff: 'Se puede dejar el equipaje',
    longStays: 'Estancias largas permitidas',
    cleaningIncluded: 'Limpieza incluida',
    solarPower: 'Energía solar',
    waterPurifier: 'Agua purificada',
    mosquitoNets: 'Mosquiteros',
    privateEntrance: 'Entrada privada',
    wheelchairAccessible: 'Accesible en silla de ruedas',
  },
  parking: {
    freeParking: 'Estacionamiento gratuito en las instalaciones',
    streetParking: 'Estacionamiento gratuito en la calle',
    coveredParking: 'Estacionamiento techado',
    evCharger: 'Cargador para autos eléctricos',
    rvParking: 'Estacionamiento para casas rodantes',
  },
  kitchen: {
    kitchen: 'Cocina',
    refrigerator: 'Refrigerador',
    microwave: 'Microondas',
    stove: 'Estufa',
    oven: 'Horno',
    coffeeMaker: 'Cafetera',
    kettle: 'Hervidor de agua',
    toaster: 'Tostador',
    blender: 'Licuadora',
    dishwasher: 'Lavavajillas',
    cookware: 'Utensilios de cocina',
    dishes: 'Platos y cubiertos',
    diningTable: 'Mesa de comedor',
    bbqGrill: 'Asador',
    woodOven: 'Horno de leña',
    basicIngredients: 'Ingredientes básicos',
    breakfastIncluded: 'Desayuno incluido',
  },
  activities: {
    hiking: 'Senderismo',
    horsebackRiding: 'Cabalgatas',
    fishing: 'Pesca',
    kayak: 'Kayak',
    paddleBoard: 'Tabla de paddle',
    snorkel: 'Equipo de esnórquel',
    bicycles: 'Bicicletas',
    zipLine: 'Tirolesa cercana',
    birdWatching: 'Observación de aves',
    stargazing: 'Observación de estrellas',
    bonfire: 'Fogata',
    temazcal: 'Temazcal',
    cenoteNearby: 'Cenote cercano',
    boatTours: 'Paseos en lancha',
    boardGames: 'Juegos de mesa',
    hammocks: 'Hamacas',
    playground: 'Área de juegos infantiles',
  },
  views: {
    forestView: 'Vista al bosque',
    mountainView: 'Vista a la montaña',
    lakeView: 'Vista al lago',
    lagoonView: 'Vista a la laguna',
    oceanView: 'Vista al mar',
    beachAccess: 'Acceso a la playa',
    canyonView: 'Vista a la barranca',
    valleyView: 'Vista al valle',
    gardenView: 'Vista al jardín',
    cityView: 'Vista a la ciudad',
    sunsetView: 'Vista al atardecer',
  },
  livingRoom: {
    fireplace: 'Chimenea',
    tv: 'Televisión',
    smartTv: 'Smart TV',
    streaming: 'Servicios de streaming',
    soundSystem: 'Equipo de sonido',
    books: 'Libros y material de lectura',
    sofaBed: 'Sofá cama',
    terrace: 'Terraza',
    balcony: 'Balcón',
    patio: 'Patio o jardín',
    firePit: 'Área para fogata',
    outdoorFurniture: 'Muebles de exterior',
    outdoorDining: 'Comedor al aire libre',
  },
  restroomFeatures: {
    privateBathroom: 'Baño privado',
    sharedBathroom: 'Baño compartido',
    hotWater: 'Agua caliente',
    bathtub: 'Tina',
    jacuzzi: 'Jacuzzi',
    outdoorShower: 'Regadera exterior',
    towels: 'Toallas',
    toiletries: 'Artículos de aseo',
    bidet: 'Bidé',
  },
  sport: {
    pool: 'Alberca',
    heatedPool: 'Alberca climatizada',
    gym: 'Gimnasio',
    tennisCourt: 'Cancha de tenis',
    soccerField: 'Cancha de futbol',
    basketballCourt: 'Cancha de básquetbol',
    pingPong: 'Mesa de ping-pong',
    poolTable: 'Mesa de billar',
    sauna: 'Sauna',
    hotTub: 'Tina de hidromasaje exterior',
  },
} as const satisfies { [G in FeatureGroup]: Record<(typeof AMENITY_GROUP_KEYS)[G][number], string> }

const FLAT_LABELS: Record<string, string> = Object.assign({}, ...Object.values(AMENITY_LABELS))

/** Spanish label of a feature key; unknown keys are shown as they are. */
export function amenityLabel(key: string): string {
  return FLAT_LABELS[key] ?? key
}

export type AccommodationFeatures = { [G in FeatureGroup]: Record<string, boolean> }

/** True features across all groups, in group order, without duplicates. */
export function listAmenities(features: Partial<AccommodationFeatures>): AmenityKey[] {
  const seen = new Set<string>()
  for (const group of FEATURE_GROUPS) {
    for (const [key, on] of Object.entries(features[group] ?? {})) {
      if (on && isAmenityKey(key)) seen.add(key)
    }
  }
  return [...seen] as AmenityKey[]
}

/** Builds the eight groups from a flat list of amenity keys (every known key present, true or false). */
export function featuresFromAmenities(amenities: readonly AmenityKey[]): AccommodationFeatures {
  const on = new Set<string>(amenities)
  const groups = {} as AccommodationFeatures
  for (const group of FEATURE_GROUPS) {
    groups[group] = Object.fromEntries(AMENITY_GROUP_KEYS[group].map((key) => [key, on.has(key)]))
  }
  return groups
}
