import { describe, expect, it } from 'vitest'
import {
  FAILED_TILES_FOR_OUTLINE,
  INITIAL_TILE_STATUS,
  type MapTilesMode,
  nextTileStatus,
  type TileEvent,
} from './tile-fallback'

function modeAfter(events: readonly TileEvent[]): MapTilesMode {
  return events.reduce(nextTileStatus, INITIAL_TILE_STATUS).mode
}

const failures = (count: number): TileEvent[] => Array.from({ length: count }, () => 'tileerror')

describe('nextTileStatus', () => {
  it.each<[string, TileEvent[], MapTilesMode]>([
    ['nothing has happened yet', [], 'waiting'],
    ['one tile failed', failures(1), 'waiting'],
    ['two tiles failed', failures(FAILED_TILES_FOR_OUTLINE - 1), 'waiting'],
    ['three tiles failed and none loaded', failures(FAILED_TILES_FOR_OUTLINE), 'outline'],
    ['a tile loaded', ['tileload'], 'tiles'],
    ['a tile loaded, then two failed', ['tileload', ...failures(2)], 'tiles'],
    ['failures with a load between them', [...failures(2), 'tileload', ...failures(2)], 'tiles'],
    ['a tile loaded, then the connection dropped', ['tileload', ...failures(3)], 'outline'],
    ['no tile at all after the wait (a server that never answers)', ['timeout'], 'outline'],
    ['one failure, then the wait ran out', ['tileerror', 'timeout'], 'outline'],
    ['a tile loaded before the wait ran out', ['tileload', 'timeout'], 'tiles'],
    ['tiles came back after the outline', [...failures(3), 'tileload'], 'tiles'],
  ])('%s → %s', (_, events, mode) => {
    expect(modeAfter(events)).toBe(mode)
  })

  it('keeps the outline drawn once shown, also when tiles come back', () => {
    const status = [...failures(3), 'tileload' as const].reduce(nextTileStatus, INITIAL_TILE_STATUS)
    expect(status).toEqual({ mode: 'tiles', failedInARow: 0, hasShownOutline: true })
    expect(nextTileStatus(INITIAL_TILE_STATUS, 'tileload').hasShownOutline).toBe(false)
  })
})
