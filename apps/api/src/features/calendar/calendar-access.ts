import { calendarMessages } from '@cabanas/domain/calendar'
import { DomainError } from '@cabanas/domain/shared'
import type { FastifyRequest } from 'fastify'
import type { Database } from '../../db/client.ts'
import { requireSession } from '../../plugins/auth.ts'
import { findListingCabinForHost } from './calendar.queries.ts'

/** The cabin of the signed-in host's listing, or the refusal (404 not theirs, 409 not published). */
export async function hostCabinOf(
  db: Database,
  request: FastifyRequest,
  listingId: string,
): Promise<{ hostId: string; cabinId: string }> {
  const hostId = requireSession(request).clientId
  const listing = await findListingCabinForHost(db, { listingId, hostId })
  if (!listing) throw new DomainError('NOT_FOUND', calendarMessages.listingNotFound)
  if (!listing.cabinId) throw new DomainError('CONFLICT', calendarMessages.notPublished)
  return { hostId, cabinId: listing.cabinId }
}
