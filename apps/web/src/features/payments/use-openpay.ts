import type { CardInput } from '@cabanas/domain/payments'
import { useCallback, useEffect } from 'react'
import { createCardToken, getOpenpay, setUpOpenpay } from './openpay'
import { type OpenpayConfig, openpayConfig } from './openpay-config'

export type CardToken = { tokenId: string; deviceSessionId: string }

const scripts = new Map<string, Promise<void>>()

function loadScript(url: string): Promise<void> {
  const known = scripts.get(url)
  if (known) return known
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = url
    script.async = false
    script.onload = () => resolve()
    script.onerror = () => {
      scripts.delete(url)
      script.remove()
      reject(new Error(`No se pudo cargar ${url}`))
    }
    document.head.append(script)
  })
  scripts.set(url, loading)
  return loading
}

/** Openpay.js, in order: the data library reads the global the core library defines. */
async function loadOpenpayScripts(urls: readonly string[]): Promise<void> {
  for (const url of urls) await loadScript(url)
}

/**
 * Loads Openpay.js (only the checkout calls this) and returns `tokenizeCard`: sets up the device
 * session in the payment form and turns the card into a single-use token. The card number and CVV
 * go to Openpay and nowhere else. Without the library it fails with 'Openpay JS no está cargado'.
 */
export function useOpenpay(config: OpenpayConfig = openpayConfig) {
  const { jsUrls } = config
  useEffect(() => {
    if (window.OpenPay) return
    loadOpenpayScripts(jsUrls).catch(() => {
      // Reported when the shopper pays: 'Openpay JS no está cargado'.
    })
  }, [jsUrls])

  return useCallback(
    async (card: CardInput): Promise<CardToken> => {
      const openpay = getOpenpay()
      const deviceSessionId = setUpOpenpay(openpay, config)
      const tokenId = await createCardToken(openpay, card)
      return { tokenId, deviceSessionId }
    },
    [config],
  )
}
