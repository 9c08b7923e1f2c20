/** Every error code a caller may act on. The web picks its copy by code, never by message text. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_ERROR'
  | 'NOT_FOUND'
  | 'CABIN_NOT_FOUND'
  | 'INVALID_DATE'
  | 'INVALID_DATE_RANGE'
  | 'CAPACITY_EXCEEDED'
  | 'CAPACITY_INSUFFICIENT'
  | 'NOCHES_MINIMAS'
  | 'NOT_AVAILABLE'
  | 'PAYMENT_DECLINED'
  | 'PAYMENT_PENDING'
  | 'IDEMPOTENCY_MISMATCH'
  | 'IDEMPOTENCY_IN_PROGRESS'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'RESERVATION_NOT_FOUND'
  | 'EMAIL_TAKEN'
  | 'HOST_EXISTS'
  /** A write based on an old version of a record (a listing saved from another window). */
  | 'CONFLICT'
  /** The payment provider refused a payout to a host (a CLABE it does not take): fix it, then retry. */
  | 'PAYOUT_REFUSED'
  | 'BAD_CREDENTIALS'
  | 'NOT_IMPLEMENTED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE'
  | 'SERVER_ERROR'

export class DomainError extends Error {
  readonly code: ErrorCode
  constructor(code: ErrorCode, message: string) {
    super(message)
    this.name = 'DomainError'
    this.code = code
  }
}

/** Spanish texts shared by the API and the web. */
export const messages = {
  cabinNotFound: 'La cabaña no fue encontrada',
  destinationNotFound: 'El destino no fue encontrado',
  reservationNotFound: 'La reserva no fue encontrada',
  unauthorized: 'No hay sesión activa',
  forbidden: 'No tienes permiso para realizar esta acción',
  routeNotFound: 'La ruta solicitada no existe',
  malformedJson: 'El cuerpo de la solicitud no es un JSON válido',
  invalidRequest: 'La solicitud contiene datos inválidos',
  payloadTooLarge: 'La solicitud es demasiado grande',
  unsupportedMediaType: 'El tipo de contenido no es compatible; envía JSON',
  tooManyRequests: 'Demasiadas solicitudes. Intenta de nuevo en unos minutos.',
  serverError: 'Error del servidor. Intenta nuevamente.',
  overloaded: 'El servicio está saturado en este momento. Intenta de nuevo en unos segundos.',
} as const
