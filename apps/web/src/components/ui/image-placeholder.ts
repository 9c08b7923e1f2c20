/** A neutral tile with a small house, for pictures that are missing (an inline SVG: no request, no layout shift). */
export const IMAGE_PLACEHOLDER =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 427"><rect width="640" height="427" fill="#e7e5e4"/>' +
      '<path d="M320 160l-80 64v88h56v-56h48v56h56v-88z" fill="#a8a29e"/></svg>',
  )
