import {
  type CardInput,
  normalizeCardNumber,
  padExpiryMonth,
  paymentErrorMessage,
} from '@cabanas/domain/payments'
import type { OpenpayConfig } from './openpay-config'

/** The part of Openpay.js (openpay.md §8) the checkout uses. */
export type OpenpayJs = {
  setId(merchantId: string): void
  setApiKey(publicKey: string): void
  setSandboxMode(enabled: boolean): void
  deviceData: { setup(formId?: string, fieldName?: string): string }
  token: {
    create(
      card: OpenpayCardData,
      onSuccess: (response: { status: number; data: { id: string } }) => void,
      onError: (failure: OpenpayFailure) => void,
    ): void
  }
}

export type OpenpayCardData = {
  card_number: string
  holder_name: string
  expiration_month: string
  expiration_year: string
  cvv2: string
}

/** Openpay.js error callback: an HTTP error carries Openpay's error object in `data`. */
export type OpenpayFailure = {
  message?: string
  status?: number
  data?: { error_code?: number | string; description?: string }
}

declare global {
  interface Window {
    OpenPay?: OpenpayJs
  }
}

export const openpayMessages = {
  notLoaded: 'Openpay JS no está cargado',
} as const

/** The form Openpay's device data goes into, as a hidden `device_session_id` input. */
export const PAYMENT_FORM_ID = 'payment-form'
export const DEVICE_SESSION_FIELD = 'device_session_id'

/** A failed tokenization, worded for the shopper (spec §8 provider codes). */
export class OpenpayError extends Error {
  readonly errorCode: number | null

  constructor(errorCode: number | null, message: string) {
    super(message)
    this.name = 'OpenpayError'
    this.errorCode = errorCode
  }
}

/** Both scripts have run (the data library adds `deviceData`). */
export function isOpenpayLoaded(win: Window = window): boolean {
  const openpay = win.OpenPay
  return typeof openpay?.token?.create === 'function' && typeof openpay.deviceData?.setup === 'function'
}

/** The loaded library, else 'Openpay JS no está cargado'. */
export function getOpenpay(win: Window = window): OpenpayJs {
  const openpay = win.OpenPay
  if (!openpay || !isOpenpayLoaded(win)) throw new Error(openpayMessages.notLoaded)
  return openpay
}

/** Sets the merchant, key and mode, then the device session; returns the device session id. */
export function setUpOpenpay(openpay: OpenpayJs, config: OpenpayConfig, formId = PAYMENT_FORM_ID): string {
  openpay.setId(config.merchantId)
  openpay.setApiKey(config.publicKey)
  openpay.setSandboxMode(config.sandbox)
  const sessionId = openpay.deviceData.setup(formId, DEVICE_SESSION_FIELD)
  const field = document.getElementById(DEVICE_SESSION_FIELD)
  return sessionId || (field instanceof HTMLInputElement ? field.value : '')
}

/** The card as Openpay's token endpoint reads it. Only this object ever holds the number and CVV. */
export function toOpenpayCard(card: CardInput): OpenpayCardData {
  return {
    card_number: normalizeCardNumber(card.cardNumber),
    holder_name: card.holderName.trim(),
    expiration_month: padExpiryMonth(card.expiryMonth),
    expiration_year: card.expiryYear.trim(),
    cvv2: card.cvv.trim(),
  }
}

function toOpenpayError(failure: unknown): OpenpayError {
  const data = typeof failure === 'object' && failure !== null ? (failure as OpenpayFailure).data : undefined
  const code = Number(data?.error_code)
  if (Number.isInteger(code) && code > 0) return new OpenpayError(code, paymentErrorMessage(code))
  // Client-side failures (network, timeout) come with English text only: not for the shopper.
  return new OpenpayError(null, paymentErrorMessage(null))
}

/** Openpay's callback API as a promise of the token id. */
export function createCardToken(openpay: OpenpayJs, card: CardInput): Promise<string> {
  return new Promise((resolve, reject) => {
    try {
      openpay.token.create(
        toOpenpayCard(card),
        (response) => {
          const id = response?.data?.id
          if (id) resolve(id)
          else reject(new OpenpayError(null, paymentErrorMessage(null)))
        },
        (failure) => reject(toOpenpayError(failure)),
      )
    } catch (failure) {
      reject(toOpenpayError(failure))
    }
  })
}
