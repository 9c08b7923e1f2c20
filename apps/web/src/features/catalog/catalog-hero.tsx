import { MapPinned, ShieldCheck, Wallet } from 'lucide-react'

const HIGHLIGHTS = [
  { icon: MapPinned, text: 'Destinos en todo México' },
  { icon: Wallet, text: 'Precios en pesos mexicanos' },
  { icon: ShieldCheck, text: 'Pago seguro con tarjeta' },
] as const

/**
 * The home page's opening band. Pure CSS and SVG: nothing to download before the first paint. On a
 * phone it is only the title, so the first cabins fit on the first screen.
 */
export function CatalogHero() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-3 sm:px-6 sm:pt-8 lg:px-8">
      <section className="relative isolate overflow-hidden rounded-2xl bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white sm:rounded-3xl">
        <div
          aria-hidden="true"
          className="absolute right-[10%] bottom-8 -z-10 hidden size-28 rounded-full bg-gradient-to-b from-accent-200 to-accent-500 opacity-90 md:block lg:size-36"
        />
        <Landscape />
        <div className="px-5 pt-3.5 pb-6 sm:px-10 sm:pt-12 sm:pb-24 lg:px-14">
          <p className="hidden text-sm font-semibold tracking-wide text-accent-200 uppercase sm:block">
            Renta de cabañas en México
          </p>
          <h1 className="max-w-2xl text-xl leading-snug font-bold tracking-tight text-balance sm:mt-3 sm:text-4xl sm:leading-tight lg:text-5xl">
            Encuentra tu cabaña ideal para desconectarte
          </h1>
          <p className="mt-3 hidden max-w-xl text-pretty text-brand-100 sm:mt-4 sm:block sm:text-lg">
            Bosques, playas, lagos y pueblos mágicos: reserva tu próxima escapada en pocos pasos.
          </p>
          <ul className="mt-6 hidden flex-wrap gap-3 sm:flex">
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <li
                key={text}
                className="flex items-center gap-2 rounded-full bg-white/10 px-3 py-1.5 text-sm text-white ring-1 ring-white/20 backdrop-blur-sm"
              >
                <Icon aria-hidden="true" className="size-4 text-accent-200" />
                {text}
              </li>
            ))}
          </ul>
        </div>
      </section>
    </div>
  )
}

/** Mountains and pines along the bottom edge. */
function Landscape() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 1440 200"
      preserveAspectRatio="none"
      className="absolute inset-x-0 bottom-0 -z-10 h-5 w-full sm:h-24"
    >
      <path
        d="M0 140 L180 60 L300 120 L470 30 L640 130 L820 50 L980 120 L1150 40 L1300 110 L1440 70 V200 H0Z"
        fill="#2a5d42"
      />
      <path
        d="M0 170 L120 120 L260 160 L420 100 L600 165 L760 115 L930 170 L1100 110 L1280 165 L1440 130 V200 H0Z"
        fill="#316c4d"
      />
    </svg>
  )
}
