/**
 * When the map's tiles cannot be had (offline, the tile server blocked or down), the map draws the
 * outline of Mexico shipped with the app instead of a blank box. Decided from the tile layer's
 * events: a few failures in a row, or no tile at all after a few seconds.
 */
export type MapTilesMode = 'waiting' | 'tiles' | 'outline'

export type TileStatus = {
  mode: MapTilesMode
  failedInARow: number
  /** The outline, once drawn, stays under the tiles: it shows wherever a tile later fails. */
  hasShownOutline: boolean
}

export type TileEvent = 'tileload' | 'tileerror' | 'timeout'

/** Failed tiles in a row, with none loaded in between, that switch the map to the outline. */
export const FAILED_TILES_FOR_OUTLINE = 3

/** How long a map waits for its first tile before it shows the outline (a server that never answers). */
export const FIRST_TILE_WAIT_MS = 5000

/** The outline is coarse: closer than this, it would show one state's blank inside. */
export const OUTLINE_MAX_ZOOM = 7

export const INITIAL_TILE_STATUS: TileStatus = { mode: 'waiting', failedInARow: 0, hasShownOutline: false }

export function nextTileStatus(status: TileStatus, event: TileEvent): TileStatus {
  switch (event) {
    case 'tileload':
      return { ...status, mode: 'tiles', failedInARow: 0 }
    case 'tileerror': {
      const failedInARow = status.failedInARow + 1
      return failedInARow >= FAILED_TILES_FOR_OUTLINE
        ? { mode: 'outline', failedInARow, hasShownOutline: true }
        : { ...status, failedInARow }
    }
    case 'timeout':
      return status.mode === 'waiting' ? { ...status, mode: 'outline', hasShownOutline: true } : status
  }
}
