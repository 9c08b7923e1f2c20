/** The id of the script element that carries a server-rendered page's state (see hydration-state). */
export const SSR_STATE_ID = 'ssr-state'
