import type { CabinCard } from '@cabanas/domain/catalog'
import type { SearchResponse, SearchResult } from '@cabanas/domain/search'

/** A search result without its stay: what one cabin's results share (SearchIndex keeps it per cabin). */
export type SearchCard = Omit<SearchResult, 'stay'>

/** What a result is made of: its cabin's card (`result`) and the stay's price (a SearchIndex hit). */
type Hit = { cabin: { result: SearchCard }; stay: SearchResult['stay'] }

/** A cabin's result without its stay, for searchResponseOf to add each stay to. */
export function searchCardOf(card: CabinCard, privateBathroom: boolean): SearchCard {
  return { ...card, privateBathroom }
}

/** One search result: the card with its bathroom kind and the stay's price. */
export function toSearchResult({ cabin, stay }: Hit): SearchResult {
  return { ...cabin.result, stay }
}

/** The body of GET /cotizar/search for these hits (the route's response schema serializes it). */
export function searchResponseOf(hits: readonly Hit[], nights: number): SearchResponse {
  return { success: true, habitaciones: hits.map(toSearchResult), total: hits.length, nights }
}
