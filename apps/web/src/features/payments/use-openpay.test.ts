import type { CardInput } from '@cabanas/domain/payments'
import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fakeOpenpay } from '../../test/checkout-fixtures'
import { must } from '../../test/must'
import { SANDBOX_OPENPAY_CONFIG } from './openpay-config'
import { CheckoutClosedError, useOpenpay } from './use-openpay'

const card: CardInput = {
  cardNumber: '4111 1111 1111 1111',
  holderName: 'ANA LOPEZ',
  expiryMonth: '12',
  expiryYear: '30',
  cvv: '123',
  email: 'pagos@ejemplo.mx',
  phone: '3312345678',
}

/**
 * The checkout's hook with library addresses of its own: the test files of a worker share modules
 * (vitest.config.ts), and the hook remembers each address it asked for.
 */
function renderOpenpay(name: string, loadWaitMs = 15_000) {
  const jsUrls = [`/sandbox/openpay/${name}-core.js`, `/sandbox/openpay/${name}-data.js`]
  const { result, unmount } = renderHook(() =>
    useOpenpay({ ...SANDBOX_OPENPAY_CONFIG, jsUrls }, { loadWaitMs }),
  )
  return { tokenizeCard: result.current, jsUrls, unmount }
}

/** The <script> elements asking for `url`, oldest first (jsdom never loads them: a test says how it went). */
const scriptsFor = (url: string) =>
  [...document.head.querySelectorAll('script')].filter((script) => script.getAttribute('src') === url)

const lastScript = (url: string) => must(scriptsFor(url).at(-1), `a <script> for ${url}`)

/** Openpay.js arrives: the core script runs, then the data script it leads to (a stand-in library). */
async function libraryArrives(jsUrls: readonly string[]) {
  const [core, data] = jsUrls as [string, string]
  const openpay = fakeOpenpay()
  lastScript(core).dispatchEvent(new Event('load'))
  await vi.waitFor(() => expect(scriptsFor(data)).toHaveLength(1))
  lastScript(data).dispatchEvent(new Event('load'))
  return openpay
}

const token123 = { tokenId: 'tok_123', deviceSessionId: 'device-session-1' }

describe('useOpenpay', () => {
  it('asks for Openpay.js when the checkout opens, one script after the other', () => {
    const { jsUrls } = renderOpenpay('opening')
    const [core, data] = jsUrls as [string, string]
    expect(scriptsFor(core)).toHaveLength(1)
    expect(scriptsFor(data)).toHaveLength(0)
    lastScript(core).dispatchEvent(new Event('load'))
    return vi.waitFor(() => expect(scriptsFor(data)).toHaveLength(1))
  })

  it('waits for a library still on its way when the shopper pays, then tokenizes the card', async () => {
    const { tokenizeCard, jsUrls } = renderOpenpay('late')
    const [core] = jsUrls as [string]
    let settled = false
    const token = tokenizeCard(card).finally(() => {
      settled = true
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(settled).toBe(false)

    const openpay = await libraryArrives(jsUrls)
    await expect(token).resolves.toEqual(token123)
    expect(openpay.token.create).toHaveBeenCalledTimes(1)
    // Asked for once: the payment waited for the checkout's own request.
    expect(scriptsFor(core)).toHaveLength(1)
  })

  it('asks again for a library that failed to load when the shopper pays', async () => {
    const { tokenizeCard, jsUrls } = renderOpenpay('retried')
    const [core] = jsUrls as [string]
    lastScript(core).dispatchEvent(new Event('error'))
    await vi.waitFor(() => expect(scriptsFor(core)).toHaveLength(0))

    const token = tokenizeCard(card)
    expect(scriptsFor(core)).toHaveLength(1)
    await libraryArrives(jsUrls)
    await expect(token).resolves.toEqual(token123)
  })

  it('asks again, a second later, for a library that fails during the wait, and pays when it comes', async () => {
    const { tokenizeCard, jsUrls } = renderOpenpay('blip')
    const [core] = jsUrls as [string]
    const token = tokenizeCard(card)
    const first = lastScript(core)
    first.dispatchEvent(new Event('error'))
    await vi.waitFor(() => expect(lastScript(core)).not.toBe(first), { timeout: 5_000 })
    await libraryArrives(jsUrls)
    await expect(token).resolves.toEqual(token123)
  })

  it("says 'Openpay JS no está cargado' when the library never comes within the wait, and asks again next time", async () => {
    vi.useFakeTimers()
    const { tokenizeCard, jsUrls } = renderOpenpay('never', 15_000)
    const [core] = jsUrls as [string]
    const stalled = lastScript(core)
    const token = tokenizeCard(card)
    const outcome = vi.fn()
    token.then(outcome, outcome)
    await vi.advanceTimersByTimeAsync(14_999)
    expect(outcome).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await expect(token).rejects.toThrow('Openpay JS no está cargado')

    // The unanswered request is forgotten: the next payment does not wait on it again.
    expect(stalled.isConnected).toBe(false)
    void tokenizeCard(card).catch(() => undefined)
    expect(scriptsFor(core)).toHaveLength(1)
    expect(lastScript(core)).not.toBe(stalled)
  })

  it('sends nothing when the checkout closes while its payment waits for the library', async () => {
    const { tokenizeCard, jsUrls, unmount } = renderOpenpay('closed')
    const token = tokenizeCard(card)
    unmount()
    const openpay = await libraryArrives(jsUrls)
    await expect(token).rejects.toBeInstanceOf(CheckoutClosedError)
    expect(openpay.token.create).not.toHaveBeenCalled()
    expect(openpay.deviceData.setup).not.toHaveBeenCalled()
  })
})
