import { priceStay } from '@cabanas/domain/quotes'
import {
  compareSearchResults,
  fitsSearch,
  type HeldStay,
  isFreeFor,
  parseSearchQuery,
} from '@cabanas/domain/search'
import { addDays, fromDayNumber, toDayNumber } from '@cabanas/domain/shared'
import { describe, expect, it } from 'vitest'
import { must } from '../../test/must.ts'
import { cabin, query } from '../../test/search-test-kit.ts'
import { type IndexedCabin, idParts, SearchIndex } from './search-index.ts'

/** A reservation id (a uuid, as in the database) named by a short test name. */
const rid = (name: string) =>
  `00000000-0000-4000-8000-${Buffer.from(name).toString('hex').padStart(12, '0').slice(-12)}`

const heldDays = ({ id, cabinId, checkIn, checkOut }: HeldStay & { id: string; cabinId: string }) => ({
  id,
  cabinId,
  start: toDayNumber(checkIn),
  end: toDayNumber(checkOut),
})

/** A cabin's held nights as [check-in, check-out) dates, in the index's order. */
const days = (index: SearchIndex, cabinId: string) => {
  const pairs = index.heldDaysOf(cabinId)
  const held: [string, string][] = []
  for (let i = 0; i < pairs.length; i += 2)
    held.push([fromDayNumber(must(pairs[i], 'pairs[i]')), fromDayNumber(must(pairs[i + 1], 'pairs[i + 1]'))])
  return held
}

describe('SearchIndex', () => {
  it('holds the nights of live reservations and releases them when they stop being live', () => {
    const index = new SearchIndex()
    index.upsertCabin(cabin('a'))
    index.applyReservation({
      id: rid('r1'),
      cabinId: 'a',
      checkIn: '2026-07-02',
      checkOut: '2026-07-04',
      live: true,
    })
    expect(index.search(query('2026-07-01', '2026-07-03'), 10)).toEqual([])
    expect(index.search(query('2026-07-04', '2026-07-06'), 10)).toHaveLength(1)
    index.applyReservation({
      id: rid('r1'),
      cabinId: 'a',
      checkIn: '2026-07-02',
      checkOut: '2026-07-04',
      live: false,
    })
    expect(index.search(query('2026-07-01', '2026-07-03'), 10)).toHaveLength(1)
  })

  it('moves a reservation whose dates change', () => {
    const index = new SearchIndex()
    index.upsertCabin(cabin('a'))
    index.applyReservation({
      id: rid('r1'),
      cabinId: 'a',
      checkIn: '2026-07-02',
      checkOut: '2026-07-04',
      live: true,
    })
    index.applyReservation({
      id: rid('r1'),
      cabinId: 'a',
      checkIn: '2026-08-02',
      checkOut: '2026-08-04',
      live: true,
    })
    expect(index.search(query('2026-07-01', '2026-07-03'), 10)).toHaveLength(1)
    expect(index.search(query('2026-08-03', '2026-08-05'), 10)).toEqual([])
  })

  it('lists a cabin once where its población and estado share a name', () => {
    const index = new SearchIndex()
    const keys = ['durango, durango', 'durango', 'durango']
    index.upsertCabin(cabin('a', { placeKeys: keys }))
    index.upsertCabin(cabin('b', { placeKeys: keys, weekdayRate: 900_00 }))
    index.upsertCabin(cabin('a', { placeKeys: keys, weekdayRate: 800_00 }))
    const search = (location: string) =>
      index
        .search(
          parseSearchQuery(
            { location, checkIn: '2026-07-01', checkOut: '2026-07-03', guests: '2' },
            { today: '2026-06-01' },
          ),
          10,
        )
        .map((hit) => hit.cabin.id)
    expect(search('Durango')).toEqual(['a', 'b'])
    expect(search('Durango, Durango')).toEqual(['a', 'b'])
  })

  it('moves a cabin whose destination changes', () => {
    const index = new SearchIndex()
    index.upsertCabin(cabin('a'))
    index.upsertCabin(cabin('a', { placeKeys: ['creel, chihuahua', 'creel', 'chihuahua'] }))
    expect(index.search(query('2026-07-01', '2026-07-03'), 10)).toEqual([])
    expect(index.size).toBe(1)
  })

  it('keeps result order after a cabin changes its rate, and stops at the limit', () => {
    const index = new SearchIndex()
    for (const [id, rate] of [
      ['a', 900_00],
      ['b', 1_000_00],
      ['c', 1_100_00],
    ] as const)
      index.upsertCabin(cabin(id, { weekdayRate: rate }))
    const ids = () => index.search(query('2026-07-01', '2026-07-03'), 10).map((hit) => hit.cabin.id)
    expect(ids()).toEqual(['a', 'b', 'c'])
    index.upsertCabin(cabin('a', { weekdayRate: 1_200_00 }))
    expect(ids()).toEqual(['b', 'c', 'a'])
    index.upsertCabin(cabin('c', { restricted: true, weekdayRate: 100_00 }))
    expect(ids()).toEqual(['b', 'a', 'c'])
    expect(index.search(query('2026-07-01', '2026-07-03'), 2).map((hit) => hit.cabin.id)).toEqual(['b', 'a'])
  })

  it('holds only the stays that end today or later, and drops them as the days pass', () => {
    const stays = [
      { id: rid('past'), checkIn: '2026-05-01', checkOut: '2026-05-04' },
      { id: rid('yesterday'), checkIn: '2026-06-07', checkOut: '2026-06-09' },
      { id: rid('today'), checkIn: '2026-06-08', checkOut: '2026-06-10' },
      { id: rid('july'), checkIn: '2026-07-02', checkOut: '2026-07-04' },
      { id: rid('august'), checkIn: '2026-08-02', checkOut: '2026-08-04' },
    ]
    // The first read hands over live stays as day numbers; those that ended are not held.
    const index = SearchIndex.build('2026-06-10', [cabin('a')])
    index.holdStays(stays.map((stay) => heldDays({ ...stay, cabinId: 'a' })))
    expect(index.heldStays).toBe(3)
    expect(days(index, 'a')).toEqual([
      ['2026-06-08', '2026-06-10'],
      ['2026-07-02', '2026-07-04'],
      ['2026-08-02', '2026-08-04'],
    ])
    // A change to a stay that has ended is not held either.
    index.applyReservation({
      id: rid('late'),
      cabinId: 'a',
      checkIn: '2026-04-01',
      checkOut: '2026-04-03',
      live: true,
    })
    expect(index.heldStays).toBe(3)
    index.advanceTo('2026-07-04')
    expect(days(index, 'a')).toEqual([
      ['2026-07-02', '2026-07-04'],
      ['2026-08-02', '2026-08-04'],
    ])
    index.advanceTo('2026-07-05')
    expect(index.heldStays).toBe(1)
    expect(index.isFree('a', '2026-07-05', '2026-08-03')).toBe(false)
    expect(index.isFree('a', '2026-07-05', '2026-08-02')).toBe(true)
  })

  it('inserts each stay at its place among the held nights and removes it from there', () => {
    const index = new SearchIndex('2026-06-01')
    index.upsertCabin(cabin('a'))
    const book = (id: string, checkIn: string, checkOut: string) =>
      index.applyReservation({ id: rid(id), cabinId: 'a', checkIn, checkOut, live: true })
    book('r3', '2026-09-01', '2026-09-03')
    book('r1', '2026-07-01', '2026-07-03')
    book('r4', '2026-10-01', '2026-10-05')
    book('r2', '2026-08-01', '2026-08-02')
    expect(days(index, 'a').map(([checkIn]) => checkIn)).toEqual([
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
    ])
    index.applyReservation({
      id: rid('r2'),
      cabinId: 'a',
      checkIn: '2026-08-01',
      checkOut: '2026-08-02',
      live: false,
    })
    index.removeReservation(rid('r4'), 'a')
    // Moved: out of its old place, into its new one.
    book('r1', '2026-09-10', '2026-09-12')
    expect(days(index, 'a')).toEqual([
      ['2026-09-01', '2026-09-03'],
      ['2026-09-10', '2026-09-12'],
    ])
    expect(index.heldStays).toBe(2)
    expect(index.search(query('2026-08-01', '2026-08-31'), 10)).toHaveLength(1)
    expect(index.search(query('2026-09-02', '2026-09-04'), 10)).toEqual([])
  })

  it('forgets a deleted cabin and the nights it held', () => {
    const index = new SearchIndex('2026-06-01')
    index.upsertCabin(cabin('a'))
    index.upsertCabin(cabin('b', { weekdayRate: 900_00 }))
    index.applyReservation({
      id: rid('r1'),
      cabinId: 'a',
      checkIn: '2026-07-01',
      checkOut: '2026-07-03',
      live: true,
    })
    index.removeCabin('a')
    expect(index.size).toBe(1)
    expect(index.heldStays).toBe(0)
    expect(index.findCabin('a')).toBeUndefined()
    expect(index.search(query('2026-07-10', '2026-07-12'), 10).map((hit) => hit.cabin.id)).toEqual(['b'])
  })

  it('builds in one pass the index that one change at a time would give', () => {
    const cabins = ['a', 'b', 'c', 'd'].map((id, i) =>
      cabin(id, { weekdayRate: (1_000 + ((i * 7) % 4) * 100) * 100, restricted: id === 'b' }),
    )
    const stays = [
      { id: rid('r1'), cabinId: 'c', checkIn: '2026-07-20', checkOut: '2026-07-22', live: true },
      { id: rid('r2'), cabinId: 'c', checkIn: '2026-07-02', checkOut: '2026-07-05', live: true },
      { id: rid('r3'), cabinId: 'a', checkIn: '2026-07-03', checkOut: '2026-07-04', live: false },
      { id: rid('r4'), cabinId: 'd', checkIn: '2026-07-01', checkOut: '2026-07-10', live: true },
    ]
    const built = SearchIndex.build('2026-06-01', cabins)
    built.holdStays(stays.filter((stay) => stay.live).map(heldDays))
    const changed = new SearchIndex('2026-06-01')
    for (const stay of [...stays].reverse()) changed.applyReservation(stay)
    for (const c of [...cabins].reverse()) changed.upsertCabin(c)
    for (const [checkIn, checkOut] of [
      ['2026-07-01', '2026-07-03'],
      ['2026-07-05', '2026-07-20'],
      ['2026-07-21', '2026-07-30'],
    ] as const) {
      const ids = (index: SearchIndex) =>
        index.search(query(checkIn, checkOut), 10).map((hit) => hit.cabin.id)
      expect(ids(built)).toEqual(ids(changed))
    }
    expect(days(built, 'c')).toEqual(days(changed, 'c'))
    expect(days(built, 'c').map(([checkIn]) => checkIn)).toEqual(['2026-07-02', '2026-07-20'])
    expect(built.heldStays).toBe(3)
  })

  it('answers every search as the domain rules applied cabin by cabin would, through changes', () => {
    let seed = 7
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
      return Math.floor((seed / 2_147_483_648) * n)
    }
    const places = [
      ['tapalpa, jalisco', 'tapalpa', 'jalisco'],
      ['mazamitla, jalisco', 'mazamitla', 'jalisco'],
      ['creel, chihuahua', 'creel', 'chihuahua'],
    ]
    const amenityPool = ['wifi', 'fireplace', 'pool', 'kitchen']
    const index = new SearchIndex()
    const cabins = new Map<string, IndexedCabin>()
    const stays = new Map<string, HeldStay & { cabinId: string }>()
    const randomCabin = (id: string) => {
      const min = 1 + random(2)
      return cabin(id, {
        placeKeys: must(places[random(places.length)], 'places[random(places.length)]'),
        minOccupancy: min,
        maxOccupancy: min + random(6),
        minNights: 1 + random(3),
        bedrooms: 1 + random(3),
        beds: 1 + random(4),
        bathrooms: 1 + random(3),
        amenities: new Set(amenityPool.filter(() => random(2) === 0)),
        restricted: random(10) === 0,
        weekdayRate: (800 + random(20) * 100) * 100,
        weekendRate: (1_000 + random(20) * 100) * 100,
        seasons:
          random(4) === 0
            ? [{ name: 'Temporada', startsOn: '2026-07-10', endsOn: '2026-07-20', nightlyRate: 2_500_00 }]
            : [],
        // The host's own price for a night or two, over a season or not.
        nightRates:
          random(4) === 0
            ? [
                { night: addDays('2026-07-08', random(4)), nightlyRate: 3_100_00 },
                { night: addDays('2026-07-15', random(4)), nightlyRate: 900_00 },
              ]
            : [],
      })
    }
    const upsert = (id: string) => {
      const next = randomCabin(id)
      cabins.set(id, next)
      index.upsertCabin(next)
    }
    const book = (id: string) => {
      const cabinId = `c${random(60)}`
      const checkIn = addDays('2026-07-01', random(40))
      const stay = { cabinId, checkIn, checkOut: addDays(checkIn, 1 + random(4)) }
      stays.set(id, stay)
      index.applyReservation({ id: rid(id), ...stay, live: true })
    }
    for (let i = 0; i < 60; i++) upsert(`c${i}`)
    for (let i = 0; i < 150; i++) book(`r${i}`)

    const expected = (q: ReturnType<typeof query>, limit: number) =>
      [...cabins.values()]
        .filter((c) => c.placeKeys.includes(q.locationKey))
        .filter((c) => fitsSearch(c, q))
        .filter((c) =>
          isFreeFor(
            [...stays.values()].filter((s) => s.cabinId === c.id),
            q,
          ),
        )
        .sort(compareSearchResults)
        .slice(0, limit)
        .map((c) => {
          const { nights, totalPrice, pricePerNight, serviceCommission } = priceStay(c, q.checkIn, q.checkOut)
          return { id: c.id, stay: { nights, totalPrice, pricePerNight, serviceCommission } }
        })

    let compared = 0
    for (let round = 0; round < 300; round++) {
      const checkIn = addDays('2026-07-01', random(40))
      const raw = {
        location: must(
          ['Tapalpa', 'mazamitla, jalisco', 'Chihuahua', 'JALISCO'][random(4)],
          "['Tapalpa', 'mazamitla, jalisco', 'Chihuahua', 'JALISCO'][random(4)]",
        ),
        checkIn,
        checkOut: addDays(checkIn, 1 + random(5)),
        guests: String(1 + random(6)),
        beds: random(3) === 0 ? String(random(4)) : '',
        amenities:
          random(3) === 0
            ? must(amenityPool[random(amenityPool.length)], 'amenityPool[random(amenityPool.length)]')
            : '',
      }
      const q = parseSearchQuery(raw, { today: '2026-06-01' })
      const limit = random(5) === 0 ? 3 : 200
      const actual = index.search(q, limit).map((hit) => ({ id: hit.cabin.id, stay: hit.stay }))
      expect(actual).toEqual(expected(q, limit))
      compared += actual.length
      // Something changes between searches: a cabin, a new reservation, or a cancellation.
      const change = random(3)
      if (change === 0) upsert(`c${random(60)}`)
      else if (change === 1) book(`r${150 + round}`)
      else {
        const id = `r${random(150 + round)}`
        const stay = stays.get(id)
        if (stay) {
          stays.delete(id)
          index.applyReservation({ id: rid(id), ...stay, live: false })
        }
      }
    }
    expect(compared).toBeGreaterThan(300)
  })
})

describe('idParts', () => {
  it('keeps every bit of a uuid, so two ids that differ anywhere stay apart', () => {
    const id = 'ffffffff-ffff-4fff-bfff-ffffffffffff'
    const parts = idParts(id)
    expect(parts.every(Number.isSafeInteger)).toBe(true)
    const hex = parts
      .map((part, i) => part.toString(16).padStart(must([12, 8, 12][i], '[12, 8, 12][i]'), '0'))
      .join('')
    expect(hex).toBe(id.replaceAll('-', ''))
    for (let at = 0; at < 36; at++) {
      if (id[at] === '-') continue
      const other = `${id.slice(0, at)}e${id.slice(at + 1)}`
      expect(idParts(other), other).not.toEqual(parts)
    }
  })

  it('releases only the stay whose id matches to the last digit', () => {
    const index = new SearchIndex('2026-06-01')
    index.upsertCabin(cabin('a'))
    const first = '0f0f0f0f-0000-4000-8000-000000000001'
    const second = '0f0f0f0f-0000-4000-8000-000000000002'
    index.applyReservation({
      id: first,
      cabinId: 'a',
      checkIn: '2026-07-01',
      checkOut: '2026-07-03',
      live: true,
    })
    index.applyReservation({
      id: second,
      cabinId: 'a',
      checkIn: '2026-07-05',
      checkOut: '2026-07-07',
      live: true,
    })
    index.removeReservation(first, 'a')
    expect(days(index, 'a')).toEqual([['2026-07-05', '2026-07-07']])
  })

  it('refuses what is not a uuid', () => {
    expect(() => idParts('r1')).toThrow(TypeError)
    expect(() => idParts('0f0f0f0f-0000-4000-8000-00000000000g')).toThrow(TypeError)
  })
})
