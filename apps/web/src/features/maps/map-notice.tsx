export const OUTLINE_NOTICE = 'No pudimos cargar el mapa detallado; te mostramos un mapa simplificado.'

/**
 * A short line over the map when it shows the outline instead of tiles. The live region is there from
 * the start, so screen readers announce the text when it appears; it never takes a click or a drag.
 */
export function MapNotice({ isShown }: { isShown: boolean }) {
  return (
    <div
      role="status"
      className="pointer-events-none absolute inset-x-0 top-3 z-[650] flex justify-center pr-3 pl-14 font-sans"
    >
      {isShown && (
        <p className="max-w-xl rounded-2xl bg-white/95 px-4 py-2 text-center text-[13px] leading-snug text-stone-800 shadow-md ring-1 ring-black/5">
          {OUTLINE_NOTICE}
        </p>
      )}
    </div>
  )
}
