import { numberAt } from '../shared/require-value.ts'
/*
 * The CLABE (Clave Bancaria Estandarizada) where a host's payouts go: 18 digits, the bank (3), the
 * plaza or branch (3), the account (11) and a check digit. Zod-free, so the web can check what a
 * host types without loading zod.
 */

export const clabeMessages = {
  length: 'La CLABE debe tener 18 dígitos',
  bank: 'La CLABE no es válida: los primeros 3 dígitos no corresponden a ningún banco',
  checkDigit: 'La CLABE no es válida: revisa el dígito verificador',
} as const

/**
 * SPEI participants by the 3-digit code that starts their CLABEs (Banco de México's catalogue).
 * A participant that joins SPEI later is added here: until then its clients' CLABEs are refused.
 */
export const CLABE_BANKS: Readonly<Record<string, string>> = {
  '002': 'Banamex',
  '006': 'Bancomext',
  '009': 'Banobras',
  '012': 'BBVA México',
  '014': 'Santander',
  '019': 'Banjército',
  '021': 'HSBC',
  '030': 'Bajío',
  '036': 'Inbursa',
  '042': 'Mifel',
  '044': 'Scotiabank',
  '058': 'Banregio',
  '059': 'Invex',
  '060': 'Bansi',
  '062': 'Afirme',
  '072': 'Banorte',
  '106': 'Bank of America',
  '108': 'MUFG',
  '110': 'J.P. Morgan',
  '112': 'Banco Monex',
  '113': 'Ve por Más',
  '127': 'Banco Azteca',
  '128': 'Autofin',
  '129': 'Barclays',
  '130': 'Compartamos',
  '132': 'Multiva',
  '133': 'Actinver',
  '135': 'Nafin',
  '136': 'Intercam Banco',
  '137': 'BanCoppel',
  '138': 'ABC Capital',
  '140': 'Consubanco',
  '141': 'Volkswagen Bank',
  '143': 'CIBanco',
  '145': 'Banco Base',
  '147': 'Bankaool',
  '148': 'PagaTodo',
  '150': 'Inmobiliario Mexicano',
  '151': 'Donde',
  '152': 'Bancrea',
  '154': 'Banco Covalto',
  '155': 'ICBC',
  '156': 'Sabadell',
  '157': 'Shinhan',
  '158': 'Mizuho',
  '159': 'Bank of China',
  '160': 'Banco S3',
  '166': 'Banco del Bienestar',
  '168': 'Hipotecaria Federal',
  '600': 'Monex Casa de Bolsa',
  '601': 'GBM',
  '602': 'Masari',
  '605': 'Value',
  '608': 'Vector',
  '616': 'Finamex',
  '617': 'Valmex',
  '620': 'Profuturo',
  '630': 'Intercam Casa de Bolsa',
  '631': 'CI Bolsa',
  '634': 'Fincomún',
  '638': 'Nu México',
  '646': 'STP',
  '652': 'Credicapital',
  '653': 'Kuspit',
  '656': 'Unagra',
  '659': 'ASP Integra',
  '661': 'Alternativos',
  '670': 'Libertad',
  '677': 'Caja Popular Mexicana',
  '680': 'Cristóbal Colón',
  '683': 'Caja Telefonistas',
  '684': 'Transfer',
  '685': 'FIRA',
  '686': 'Invercap',
  '688': 'Crediclub',
  '689': 'Fomped',
  '706': 'Arcus',
  '710': 'NVIO',
  '722': 'Mercado Pago',
  '723': 'Cuenca',
}

/** The weights of the 17 digits before the check digit: 3, 7, 1, repeated. */
const WEIGHTS = [3, 7, 1] as const

/** The check digit of the first 17 digits: Σ (digit × weight mod 10), then (10 − sum mod 10) mod 10. */
export function clabeCheckDigit(first17: string): number {
  let sum = 0
  for (let i = 0; i < 17; i += 1) sum += (Number(first17[i]) * numberAt(WEIGHTS, i % 3)) % 10
  return (10 - (sum % 10)) % 10
}

/** What a host types: spaces and dashes between groups are allowed and dropped. */
export function normalizeClabe(value: string): string {
  return value.replace(/[\s-]/g, '')
}

export type ClabeParts = { bankCode: string; bankName: string; plaza: string; account: string }

export type ClabeCheck =
  | { ok: true; clabe: string; parts: ClabeParts }
  | { ok: false; message: (typeof clabeMessages)[keyof typeof clabeMessages] }

/** Checks a CLABE: 18 digits, a known bank, the right check digit. */
export function checkClabe(value: string): ClabeCheck {
  const clabe = normalizeClabe(value)
  if (!/^\d{18}$/.test(clabe)) return { ok: false, message: clabeMessages.length }
  const bankCode = clabe.slice(0, 3)
  const bankName = CLABE_BANKS[bankCode]
  if (!bankName) return { ok: false, message: clabeMessages.bank }
  if (clabeCheckDigit(clabe.slice(0, 17)) !== Number(clabe[17])) {
    return { ok: false, message: clabeMessages.checkDigit }
  }
  return {
    ok: true,
    clabe,
    parts: { bankCode, bankName, plaza: clabe.slice(3, 6), account: clabe.slice(6, 17) },
  }
}

export function isValidClabe(value: string): boolean {
  return checkClabe(value).ok
}

/** The last 4 digits, the only part ever shown back. */
export function clabeLast4(clabe: string): string {
  return normalizeClabe(clabe).slice(-4)
}

/** How a stored CLABE is displayed: '•••• 1234'. */
export function maskClabe(last4: string): string {
  return `•••• ${last4}`
}
