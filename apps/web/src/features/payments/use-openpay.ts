import type { CardInput } from '@cabanas/domain/payments'
import { useCallback, useEffect, useRef } from 'react'
import { createCardToken, getOpenpay, isOpenpayLoaded, setUpOpenpay } from './openpay'
import { type OpenpayConfig, openpayConfig } from './openpay-config'

export type CardToken = { tokenId: string; deviceSessionId: string }

type ScriptLoad = { promise: Promise<void>; element: HTMLScriptElement; isSettled: boolean }

/** Each library address asked for, while it loads or once it has; a failure is forgotten. */
const scripts = new Map<string, ScriptLoad>()

function loadScript(url: string): Promise<void> {
  const known = scripts.get(url)
  if (known) return known.promise
  const element = document.createElement('script')
  const load: ScriptLoad = { promise: Promise.resolve(), element, isSettled: false }
  load.promise = new Promise<void>((resolve, reject) => {
    element.src = url
    element.async = false
    element.onload = () => {
      load.isSettled = true
      resolve()
    }
    element.onerror = () => {
      load.isSettled = true
      forget(url, load)
      reject(new Error(`No se pudo cargar ${url}`))
    }
    document.head.append(element)
  })
  scripts.set(url, load)
  return load.promise
}

/** The next request for `url` asks the network again (a failed or stalled load). */
function forget(url: string, load: ScriptLoad) {
  if (scripts.get(url) === load) scripts.delete(url)
  load.element.remove()
}

/** Openpay.js, in order: the data library reads the global the core library defines. */
async function loadOpenpayScripts(urls: readonly string[]): Promise<void> {
  for (const url of urls) await loadScript(url)
}

/**
 * How long a payment waits for Openpay.js still on its way (a slow link, a busy phone) before it
 * says 'Openpay JS no está cargado'. The page asks for the library when the checkout opens; a person
 * (or the browser's autofill) can press 'Confirmar y pagar' before it arrives.
 */
export const OPENPAY_LOAD_WAIT_MS = 15_000
/** Between two requests for a library that failed to load, within the wait. */
const RETRY_AFTER_MS = 1_000

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)))

/** 'loaded', 'failed', or 'waiting' when `ms` passed first. */
async function settleWithin(loading: Promise<void>, ms: number): Promise<'loaded' | 'failed' | 'waiting'> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const giveUp = new Promise<'waiting'>((resolve) => {
    timer = setTimeout(() => resolve('waiting'), Math.max(0, ms))
  })
  const outcome = loading.then(
    () => 'loaded' as const,
    () => 'failed' as const,
  )
  try {
    return await Promise.race([outcome, giveUp])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Waits for Openpay.js until it has loaded or `waitMs` has passed; a script that fails is asked for
 * again (a network blip), one request a second. A request still unanswered when the wait ends is
 * forgotten, so the next payment asks again instead of waiting on it. The caller checks the outcome.
 */
async function awaitOpenpayScripts(urls: readonly string[], waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs
  for (;;) {
    const outcome = await settleWithin(loadOpenpayScripts(urls), deadline - Date.now())
    if (outcome === 'loaded') return
    if (outcome === 'failed' && Date.now() + RETRY_AFTER_MS < deadline) {
      await pause(RETRY_AFTER_MS)
      continue
    }
    for (const url of urls) {
      const load = scripts.get(url)
      if (load && !load.isSettled) forget(url, load)
    }
    return
  }
}

/** Thrown when the checkout closed while its payment waited for Openpay.js: nothing was sent. */
export class CheckoutClosedError extends Error {
  constructor() {
    super('El pago se canceló al salir de la página de pago')
    this.name = 'CheckoutClosedError'
  }
}

type UseOpenpayOptions = {
  /** OPENPAY_LOAD_WAIT_MS unless a test says otherwise. */
  loadWaitMs?: number
}

/**
 * Loads Openpay.js (only the checkout calls this) and returns `tokenizeCard`: waits for the library
 * if it is still loading, sets up the device session in the payment form and turns the card into a
 * single-use token. The card number and CVV go to Openpay and nowhere else. Without the library (it
 * failed to load, or did not come within `loadWaitMs`) it fails with 'Openpay JS no está cargado'; a
 * checkout closed during the wait gets no token (CheckoutClosedError), so nothing is charged.
 */
export function useOpenpay(
  config: OpenpayConfig = openpayConfig,
  { loadWaitMs = OPENPAY_LOAD_WAIT_MS }: UseOpenpayOptions = {},
) {
  const { jsUrls } = config
  const isOpen = useRef(true)
  useEffect(() => {
    isOpen.current = true
    return () => {
      isOpen.current = false
    }
  }, [])

  useEffect(() => {
    if (isOpenpayLoaded()) return
    loadOpenpayScripts(jsUrls).catch(() => {
      // Asked for again when the shopper pays (tokenizeCard below).
    })
  }, [jsUrls])

  return useCallback(
    async (card: CardInput): Promise<CardToken> => {
      if (!isOpenpayLoaded()) {
        await awaitOpenpayScripts(config.jsUrls, loadWaitMs)
        if (!isOpen.current) throw new CheckoutClosedError()
      }
      const openpay = getOpenpay()
      const deviceSessionId = setUpOpenpay(openpay, config)
      const tokenId = await createCardToken(openpay, card)
      return { tokenId, deviceSessionId }
    },
    [config, loadWaitMs],
  )
}
