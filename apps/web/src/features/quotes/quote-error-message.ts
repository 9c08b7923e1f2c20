import { type QuoteError, type QuoteErrorType, quoteMessages } from '@cabanas/domain/quotes'

/** Texts that say nothing about the stay: the §8 catalogue text is better than these. */
const GENERIC_TEXTS: ReadonlySet<string> = new Set([
  quoteMessages.connection,
  quoteMessages.SERVER_ERROR,
  'Network error occurred',
])

function isGeneric(text: string): boolean {
  return GENERIC_TEXTS.has(text) || text.startsWith('HTTP Error')
}

const CATALOGUE: Record<Exclude<QuoteErrorType, 'SERVER_ERROR'>, string> = {
  INVALID_DATE: quoteMessages.INVALID_DATE,
  INVALID_DATE_RANGE: quoteMessages.INVALID_DATE_RANGE,
  CABIN_NOT_FOUND: quoteMessages.CABIN_NOT_FOUND,
  CAPACITY_EXCEEDED: quoteMessages.CAPACITY_EXCEEDED,
  CAPACITY_INSUFFICIENT: quoteMessages.CAPACITY_INSUFFICIENT,
  NOCHES_MINIMAS: quoteMessages.NOCHES_MINIMAS,
  NOT_AVAILABLE: quoteMessages.NOT_AVAILABLE,
}

/**
 * Spec §8: the message a refused quote shows. The server's own text is preferred unless it is a
 * generic connection or server text; then the catalogue text of the errorType.
 */
export function quoteErrorMessage({ errorType, error, available }: QuoteError): string {
  const specific = error && !isGeneric(error) ? error : undefined
  if (errorType === 'SERVER_ERROR') {
    if (available === false) return quoteMessages.NOT_AVAILABLE
    return specific ?? quoteMessages.SERVER_ERROR
  }
  const catalogue = Object.hasOwn(CATALOGUE, errorType)
    ? CATALOGUE[errorType as keyof typeof CATALOGUE]
    : quoteMessages.unknown
  return specific ?? catalogue
}
