// The main controls of each public page, and what "did its job" means for each. `find` and `done` run
// in the page (probe.mjs) with its helpers: they must not use anything from this module. `path` builds the
// address from the demo catalogue (`discoverSite`). `devices` says where the control is on screen: on a
// phone the header search is a one-line trigger that opens it as a sheet (its segments and 'Buscar' live
// inside), on a wide screen the bar shows its segments; the booking widget is a bottom bar on a phone and
// a card beside the photos on a wide screen. `reveal`: the control may be below the fold (the wide
// booking card at 768 px high), and the page is scrolled to it, as a guest would, until the tap.

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

function slugOf(place) {
  return place
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/**
 * Real pages of the demo catalogue, as bench-lighthouse.mjs picks them: the biggest destination, a stay
 * a month ahead, its first cabin; the cabin with dates is one the search finds free for that stay.
 */
export async function discoverSite(base) {
  const { destinations } = await (await fetch(`${base}/api/destinations`)).json()
  const destination = destinations[0]
  const place = `${destination.population}, ${destination.state}`
  const stay = { checkIn: day(30), checkOut: day(32), guests: '2' }
  const search = new URLSearchParams({ location: place, ...stay })
  const found = await (await fetch(`${base}/cotizar/search?${search}`)).json()
  const freeCabin = found.habitaciones?.[0]?._id
  if (!freeCabin) throw new Error(`no cabin is free in ${place} from ${stay.checkIn} to ${stay.checkOut}`)
  return {
    home: '/',
    results: `/results?${search}`,
    cabin: `/cabin/${destination.cabins[0]._id}`,
    cabinWithStay: `/cabin/${freeCabin}?${new URLSearchParams(stay)}`,
    destination: `/destinos/${slugOf(place)}`,
  }
}

/**
 * The app's segment `id` is open, or, before the app runs, the header form's native field `fieldId`
 * has the focus (a tap on it, or on its label; on a phone inside the sheet the trigger opened).
 */
const segmentOpen = (id, fieldId) =>
  `({ isExpanded, visible }) => isExpanded(${JSON.stringify(id)}) || (document.activeElement?.id === ${JSON.stringify(fieldId)} && visible(document.activeElement))`

export const CONTROLS = [
  {
    page: 'inicio',
    name: "Destino ('¿A dónde vas?')",
    devices: ['phone'],
    path: (site) => site.home,
    find: () => document.getElementById('search-trigger'),
    // Before the app runs the trigger opens the HTML sheet (a popover) with the form's fields.
    done: ({ isExpanded, visible }) =>
      isExpanded('search-segment-destino') ||
      (document.getElementById('search-sheet')?.matches(':popover-open') &&
        visible(document.getElementById('search-destination'))),
    job: 'la hoja de búsqueda se abre en Destino',
  },
  {
    page: 'inicio',
    name: 'Destino',
    devices: ['desktop'],
    path: (site) => site.home,
    find: ({ visible }) =>
      [document.getElementById('search-segment-destino'), document.getElementById('search-destination')].find(
        visible,
      ) ?? null,
    done: segmentOpen('search-segment-destino', 'search-destination'),
    job: 'el panel de Destino se abre',
  },
  {
    page: 'inicio',
    name: 'Fechas (Llegada)',
    devices: ['desktop'],
    path: (site) => site.home,
    find: ({ visible }) =>
      [document.getElementById('search-segment-llegada'), document.getElementById('search-check-in')].find(
        visible,
      ) ?? null,
    done: segmentOpen('search-segment-llegada', 'search-check-in'),
    job: 'el calendario de Llegada se abre',
  },
  {
    page: 'inicio',
    name: 'Fechas (destino popular)',
    // On a wide screen the popular destinations are below the fold; the bar's segments are the controls.
    devices: ['phone'],
    path: (site) => site.home,
    find: () => document.querySelector('section[aria-labelledby="popular-heading"] li button'),
    // Before the app runs, the button sends a form that reloads the page with the place chosen.
    done: segmentOpen('search-segment-llegada', 'search-check-in'),
    job: 'la búsqueda se abre en Llegada',
  },
  {
    page: 'inicio',
    name: 'Huéspedes',
    devices: ['desktop'],
    path: (site) => site.home,
    find: ({ visible }) =>
      [document.getElementById('search-segment-huespedes'), document.getElementById('search-guests')].find(
        visible,
      ) ?? null,
    done: segmentOpen('search-segment-huespedes', 'search-guests'),
    job: 'el panel de Huéspedes se abre',
  },
  {
    page: 'inicio',
    name: 'Buscar',
    devices: ['desktop'],
    path: (site) => site.home,
    find: ({ byText }) => byText('search button', 'Buscar', { exact: true }),
    // Nothing chosen yet: the bar says what is missing and opens that segment; before the app runs the
    // browser refuses the form and puts the focus on its first missing field.
    done: ({ visible }) =>
      [...document.querySelectorAll('search [role="alert"], search [aria-expanded="true"]')].some(visible) ||
      !!document.activeElement?.matches('search :invalid'),
    job: 'dice qué falta y abre ese segmento',
  },
  {
    page: 'resultados',
    name: 'Filtros',
    devices: ['phone', 'desktop'],
    path: (site) => site.results,
    find: ({ byText }) => byText('button', 'Filtros'),
    done: ({ dialogNamed }) => dialogNamed('Filtros') !== null,
    job: 'el diálogo Filtros se abre',
  },
  {
    page: 'resultados',
    name: 'Mostrar mapa',
    devices: ['phone'],
    path: (site) => site.results,
    find: ({ byText }) => byText('button', 'Mostrar mapa'),
    done: ({ visible }) => visible(document.querySelector('aside[aria-label="Mapa de resultados"]')),
    job: 'el mapa cubre la lista',
  },
  {
    page: 'resultados',
    name: 'Mapa (marcador)',
    devices: ['desktop'],
    path: (site) => site.results,
    // The column shows the live map once hydrated: until then there is no marker to tap.
    find: () => document.querySelector('aside[aria-label="Mapa de resultados"] [data-testid="map-marker"]'),
    done: ({ visible }) => visible(document.querySelector('.leaflet-popup')),
    job: 'el marcador abre su tarjeta',
  },
  {
    page: 'cabaña',
    name: 'Mostrar todas las fotos',
    devices: ['phone', 'desktop'],
    path: (site) => site.cabin,
    // A link to the photos page, which the app turns into the dialog (a button before that change).
    find: ({ byText }) => byText('a, button', 'Mostrar todas las fotos'),
    done: ({ dialogNamed }) => dialogNamed('Fotos de') !== null,
    job: 'la galería se abre',
  },
  {
    page: 'cabaña',
    name: "Fechas ('Agregar fechas')",
    devices: ['phone'],
    path: (site) => site.cabin,
    find: ({ byText }) => byText('section[aria-label="Reserva"] button', 'Agregar fechas', { exact: true }),
    done: ({ dialogNamed }) => dialogNamed('Reserva tu estancia') !== null,
    job: 'la hoja de reserva se abre',
  },
  {
    page: 'cabaña',
    name: 'Fechas (LLEGADA)',
    devices: ['desktop'],
    path: (site) => site.cabin,
    find: () => document.querySelector('aside[aria-label="Reserva"] button[aria-label^="LLEGADA"]'),
    reveal: true,
    done: ({ dialogNamed }) => dialogNamed('Fecha de llegada') !== null,
    job: 'el calendario se abre',
  },
  {
    page: 'cabaña',
    name: "'Reservar' (fechas en la URL)",
    devices: ['phone', 'desktop'],
    path: (site) => site.cabinWithStay,
    // The one on screen, else the one laid out below the fold (the wide card).
    find: ({ byText }) =>
      byText('a, button', 'Reservar', { exact: true }) ??
      [...document.querySelectorAll('a, button')].find(
        (button) => button.textContent.trim() === 'Reservar' && button.getClientRects().length > 0,
      ) ??
      null,
    reveal: true,
    done: () => location.pathname === '/checkout',
    job: 'lleva al pago (/checkout)',
  },
  {
    page: 'destino',
    name: "'Elegir fechas en …'",
    devices: ['phone', 'desktop'],
    path: (site) => site.destination,
    find: ({ byText }) => byText('button', 'Elegir fechas en'),
    done: segmentOpen('search-segment-llegada', 'search-check-in'),
    job: 'la búsqueda se abre en Llegada',
  },
]
