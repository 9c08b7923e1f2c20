import { textSchema } from '../shared/text.ts'
import { z } from '../shared/zod.ts'
import { LISTING_STEPS, type ListingStep } from './listing-rules.ts'
import { ListingDraftSchema } from './listing-schemas.ts'

/*
 * The contract between the host's listing editor, the operator console and the API: addresses, bodies
 * and answers. apps/api implements it; apps/web reads it. A listing is the host's cabin in the making:
 * its draft (every step optional, listing-schemas.ts) and where it stands on the way to being published.
 */

/**
 * draft: the host is writing it; submitted: waiting for an operator; returned: an operator sent it back
 * with a reason (the host edits and submits again); published: a cabin guests find and book; paused:
 * published once, hidden from guests by its host or an operator until unpaused.
 */
export const LISTING_STATUSES = ['draft', 'submitted', 'returned', 'published', 'paused'] as const
export type ListingStatus = (typeof LISTING_STATUSES)[number]

/** What each status reads as, to hosts and operators. */
export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  draft: 'Borrador',
  submitted: 'En revisión',
  returned: 'Devuelto con comentarios',
  published: 'Publicado',
  paused: 'Pausado',
}

/**
 * API addresses. `:id` is the listing's uuid; `:step` one of LISTING_STEPS. Refusals are the API's usual
 * error body (`{ success: false, errorType, error, message, details? }`): a step that does not pass its
 * draft schema answers 400 VALIDATION_ERROR with `details: [{ field, message }]`, `field` being the path
 * inside the step joined by dots ('weekdayRate', 'seasons.0.endsOn', 'photos.2.alt'); a stale `version`
 * answers 409 CONFLICT; another host's listing answers 404 (its existence is not revealed).
 */
export const LISTING_API = {
  /** GET: the host's listings (ListingsResponse); POST: a new, empty draft (201, ListingResponse). */
  mine: '/api/hosts/me/listings',
  /** GET: one of the host's listings (ListingResponse); DELETE: a draft never submitted (204). */
  one: (id: string) => `/api/hosts/me/listings/${encodeURIComponent(id)}`,
  /** PUT SaveListingStepBody: autosave of one step (ListingResponse; 400 with issues; 409 on a stale version). */
  step: (id: string, step: ListingStep) =>
    `/api/hosts/me/listings/${encodeURIComponent(id)}/steps/${encodeURIComponent(step)}`,
  /** POST: draft or returned → submitted (ListingResponse; 400 with the review when incomplete). */
  submit: (id: string) => `/api/hosts/me/listings/${encodeURIComponent(id)}/submit`,
  /** POST: published → paused, and back (ListingResponse). */
  pause: (id: string) => `/api/hosts/me/listings/${encodeURIComponent(id)}/pause`,
  unpause: (id: string) => `/api/hosts/me/listings/${encodeURIComponent(id)}/unpause`,
  /** GET ?status=submitted|published|paused|all (default submitted): OperatorListingsResponse. */
  operatorList: '/api/operator/listings',
  /** GET: OperatorListingResponse. */
  operatorOne: (id: string) => `/api/operator/listings/${encodeURIComponent(id)}`,
  /** POST: submitted → published (the cabin exists from then on; mailed to the host). */
  approve: (id: string) => `/api/operator/listings/${encodeURIComponent(id)}/approve`,
  /** POST ReturnListingBody: submitted → returned, with the reason mailed to the host. */
  returnToHost: (id: string) => `/api/operator/listings/${encodeURIComponent(id)}/return`,
  /** POST: an operator pauses or unpauses a published listing. */
  operatorPause: (id: string) => `/api/operator/listings/${encodeURIComponent(id)}/pause`,
  operatorUnpause: (id: string) => `/api/operator/listings/${encodeURIComponent(id)}/unpause`,
} as const

export const listingApiMessages = {
  notFound: 'No encontramos ese anuncio',
  staleVersion:
    'Este anuncio cambió en otra ventana o dispositivo. Recarga la página para ver la última versión.',
  notEditable: 'Este anuncio está en revisión: podrás editarlo cuando el equipo de Cabañas MX responda.',
  incomplete: 'Al anuncio le faltan datos para enviarlo a revisión',
  notSubmitted: 'Solo se puede aprobar o devolver un anuncio enviado a revisión',
  notPublished: 'Solo se puede pausar un anuncio publicado',
  notPaused: 'Este anuncio no está pausado',
  onlyDrafts: 'Solo se puede borrar un anuncio que nunca se envió a revisión',
  photoNotYours: 'Una de las fotos no es tuya o ya no existe: súbela de nuevo',
  reasonRequired: 'Escribe el motivo para el anfitrión (de 10 a 1000 caracteres)',
  unknownStep: 'Paso del anuncio no reconocido',
  /** Added with the API: too many saves, submissions or new drafts in a short time (429). */
  tooManyChanges: 'Hiciste muchos cambios en poco tiempo. Espera un momento e inténtalo de nuevo.',
  /** Added with the API: the operator list's `status` is not one of OPERATOR_LISTING_FILTERS. */
  unknownFilter: 'Filtro no reconocido: usa submitted, published, paused o all',
} as const

export const RETURN_REASON_LIMITS = { min: 10, max: 1000 } as const

/** PUT LISTING_API.step: the step's draft value (that step's draft schema checks it) and the version read. */
export const SaveListingStepBodySchema = z.object({
  value: z.unknown(),
  /** The `version` of the listing the editor last read: a save over a newer one is refused (409). */
  version: z.number().int().nonnegative(),
})
export type SaveListingStepBody = z.infer<typeof SaveListingStepBodySchema>

export const ReturnListingBodySchema = z.object({
  // textSchema (added with the API): control characters refused, new lines and tabs kept; it goes by mail.
  reason: textSchema('motivo', { multiline: true, required: listingApiMessages.reasonRequired })
    .trim()
    .min(RETURN_REASON_LIMITS.min, listingApiMessages.reasonRequired)
    .max(RETURN_REASON_LIMITS.max, listingApiMessages.reasonRequired),
})
export type ReturnListingBody = z.infer<typeof ReturnListingBodySchema>

const FieldIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
})

const StepReviewSchema = z.object({
  step: z.enum(LISTING_STEPS),
  title: z.string(),
  status: z.enum(['complete', 'missing', 'invalid']),
  issues: z.array(FieldIssueSchema),
})

/** One listing as its host (and an operator) reads it. */
export const HostListingSchema = z.object({
  id: z.string(),
  status: z.enum(LISTING_STATUSES),
  /** Increases with every saved change; sent back with the next save. */
  version: z.number().int().nonnegative(),
  draft: ListingDraftSchema,
  /** Per step, in the editor's order: complete, missing or invalid, with the fields to fix. */
  steps: z.array(StepReviewSchema),
  /** True when every step is complete: the review step's 'Enviar a revisión' is enabled. */
  readyToSubmit: z.boolean(),
  /** The operator's reason when the listing was returned; null otherwise. */
  returnReason: z.string().nullable(),
  /** The published cabin's id (its page is /cabin/{cabinId}); null until first published. */
  cabinId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
})
export type HostListing = z.infer<typeof HostListingSchema>

export const ListingResponseSchema = z.object({ listing: HostListingSchema })
export type ListingResponse = z.infer<typeof ListingResponseSchema>

/** A line of the host's 'Mis cabañas' and of the operator's queue. */
export const ListingSummarySchema = z.object({
  id: z.string(),
  status: z.enum(LISTING_STATUSES),
  title: z.string().nullable(),
  /** The cover photo's card-size address (`/media/photos/{id}/1-card.webp`), or null without photos. */
  coverUrl: z.string().nullable(),
  /** 'Mazamitla, Jalisco' once the location step has them; null before. */
  place: z.string().nullable(),
  /** Steps not complete yet, in the editor's order. */
  pendingSteps: z.array(z.enum(LISTING_STEPS)),
  returnReason: z.string().nullable(),
  cabinId: z.string().nullable(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
})
export type ListingSummary = z.infer<typeof ListingSummarySchema>

export const ListingsResponseSchema = z.object({ listings: z.array(ListingSummarySchema) })
export type ListingsResponse = z.infer<typeof ListingsResponseSchema>

export const OperatorListingSummarySchema = ListingSummarySchema.extend({
  host: z.object({ displayName: z.string() }),
})
export type OperatorListingSummary = z.infer<typeof OperatorListingSummarySchema>

export const OperatorListingsResponseSchema = z.object({ listings: z.array(OperatorListingSummarySchema) })
export type OperatorListingsResponse = z.infer<typeof OperatorListingsResponseSchema>

export const OperatorListingResponseSchema = z.object({
  listing: HostListingSchema.extend({ host: z.object({ displayName: z.string() }) }),
})
export type OperatorListingResponse = z.infer<typeof OperatorListingResponseSchema>

export const OPERATOR_LISTING_FILTERS = ['submitted', 'published', 'paused', 'all'] as const
export type OperatorListingFilter = (typeof OPERATOR_LISTING_FILTERS)[number]

/** Added with the API: the operator list's query (`?status=`, submitted when absent). */
export const OperatorListingsQuerySchema = z.object({
  status: z.enum(OPERATOR_LISTING_FILTERS, listingApiMessages.unknownFilter).default('submitted'),
})
export type OperatorListingsQuery = z.infer<typeof OperatorListingsQuerySchema>

/** Added with the API: the `:id` and `:step` of the listing addresses. */
export const ListingIdParamsSchema = z.object({ id: z.string().max(100, listingApiMessages.notFound) })
export const ListingStepParamsSchema = ListingIdParamsSchema.extend({
  step: z.enum(LISTING_STEPS, listingApiMessages.unknownStep),
})
