import { LISTING_STATUS_LABELS, type ListingStatus } from '@cabanas/domain/listings'
import { Badge, type BadgeTone } from '../../components/ui/badge'

const TONES: Record<ListingStatus, BadgeTone> = {
  draft: 'grey',
  submitted: 'yellow',
  returned: 'red',
  published: 'green',
  paused: 'blue',
}

export function ListingStatusBadge({ status }: { status: ListingStatus }) {
  return <Badge tone={TONES[status]}>{LISTING_STATUS_LABELS[status]}</Badge>
}
