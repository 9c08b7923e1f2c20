import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadConfig, SANDBOX_OPENPAY_CONFIG } from './config'

const DEFAULT_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'

function documentWithConfig(text: string | null): Document {
  const doc = document.implementation.createHTMLDocument('test')
  if (text !== null) {
    const script = doc.createElement('script')
    script.type = 'application/json'
    script.id = 'app-config'
    script.textContent = text
    doc.head.append(script)
  }
  return doc
}

describe('loadConfig', () => {
  afterEach(() => vi.restoreAllMocks())

  it('reads the configuration injected by the server', () => {
    const doc = documentWithConfig('{"mapTileUrl":"/tiles/{z}/{x}/{y}.png"}')
    expect(loadConfig(doc)).toEqual({
      publicUrl: '',
      mapTileUrl: '/tiles/{z}/{x}/{y}.png',
      openpay: SANDBOX_OPENPAY_CONFIG,
    })
  })

  it('reads the Openpay settings of a server with real keys', () => {
    const openpay = {
      merchantId: 'mzdtln0bmtms6o3kck8f',
      publicKey: 'pk_1b1ad1e6d01d4e4b9b7f0ffb4e5f2c3d',
      sandbox: false,
      jsUrls: ['https://resources.openpay.mx/lib/openpay-js/1.2.38/openpay.v1.min.js'],
    }
    const doc = documentWithConfig(JSON.stringify({ mapTileUrl: DEFAULT_TILES, openpay }))
    expect(loadConfig(doc).openpay).toEqual(openpay)
  })

  it('uses the defaults when nothing is injected', () => {
    expect(loadConfig(documentWithConfig(null))).toEqual({
      publicUrl: '',
      mapTileUrl: DEFAULT_TILES,
      openpay: SANDBOX_OPENPAY_CONFIG,
    })
    expect(loadConfig(undefined)).toEqual({
      publicUrl: '',
      mapTileUrl: DEFAULT_TILES,
      openpay: SANDBOX_OPENPAY_CONFIG,
    })
  })

  it('keeps only the keys it declares', () => {
    const doc = documentWithConfig('{"mapTileUrl":"/tiles/{z}/{x}/{y}.png","extra":true}')
    expect(loadConfig(doc)).toEqual({
      publicUrl: '',
      mapTileUrl: '/tiles/{z}/{x}/{y}.png',
      openpay: SANDBOX_OPENPAY_CONFIG,
    })
  })

  it.each([
    'not json',
    '{"mapTileUrl":42}',
    '{"mapTileUrl":""}',
    '{"openpay":{"merchantId":"m","publicKey":"p","sandbox":false,"jsUrls":[]}}',
    '{"openpay":{"merchantId":"","publicKey":"p","sandbox":false,"jsUrls":["/a.js"]}}',
    '{"openpay":{"merchantId":"m","publicKey":"p","sandbox":"no","jsUrls":["/a.js"]}}',
  ])('uses the defaults and logs when the config is invalid: %s', (text) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(loadConfig(documentWithConfig(text))).toEqual({
      publicUrl: '',
      mapTileUrl: DEFAULT_TILES,
      openpay: SANDBOX_OPENPAY_CONFIG,
    })
    expect(log).toHaveBeenCalled()
  })
})
