import { readFileSync } from 'node:fs'
import path from 'node:path'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'

// The browser script, run against a minimal fake DOM: the interface the checkout relies on.
type FakeElement = { id?: string; type?: string; name?: string; value?: string; children: FakeElement[] }
type Sent = { method: string; url: string; headers: Record<string, string>; body: string }

function loadOpenPay({ status = 200, response = '{"id":"ktoken"}' } = {}) {
  const form: FakeElement = { id: 'payment-form', children: [] }
  const sent: Sent[] = []
  const byId = (id: string) =>
    id === 'payment-form' ? form : (form.children.find((c) => c.id === id) ?? null)
  class FakeXhr {
    status = 0
    responseText = ''
    timeout = 0
    withCredentials = false
    onload: () => void = () => {}
    private request: Sent = { method: '', url: '', headers: {}, body: '' }
    open(method: string, url: string) {
      this.request = { ...this.request, method, url }
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value
    }
    send(body: string) {
      sent.push({ ...this.request, body })
      this.status = status
      this.responseText = response
      setTimeout(() => this.onload(), 0)
    }
  }
  const window: Record<string, unknown> = {
    document: {
      currentScript: { src: 'http://localhost:3000/sandbox/openpay/openpay.v1.js' },
      getElementById: byId,
      createElement: (): FakeElement => ({ children: [] }),
    },
    location: { origin: 'http://localhost:3000' },
    crypto: globalThis.crypto,
    btoa: globalThis.btoa,
    XMLHttpRequest: FakeXhr,
  }
  ;(form as unknown as { appendChild: (child: FakeElement) => void }).appendChild = (child) => {
    form.children.push(child)
  }
  const source = readFileSync(path.join(import.meta.dirname, 'openpay-sandbox.js'), 'utf8')
  runInNewContext(source, { window, setTimeout, Date, Uint8Array, String })
  // biome-ignore lint/suspicious/noExplicitAny: the script's global, typed by the checkout, not here.
  return { OpenPay: window.OpenPay as any, form, sent }
}

describe('OpenPay (sandbox script)', () => {
  it('keeps the merchant id, the key and the sandbox flag', () => {
    const { OpenPay } = loadOpenPay()
    OpenPay.setId('mcabanassandbox00001')
    OpenPay.setApiKey('pk_abc')
    OpenPay.setSandboxMode(true)
    expect([OpenPay.getId(), OpenPay.getApiKey(), OpenPay.getSandboxMode()]).toEqual([
      'mcabanassandbox00001',
      'pk_abc',
      true,
    ])
  })

  it('creates a token on its own origin with the public key, as Openpay.js does', async () => {
    const { OpenPay, sent } = loadOpenPay()
    OpenPay.setId('mcabanassandbox00001')
    OpenPay.setApiKey('pk_abc')
    const card = {
      card_number: '4111111111111111',
      holder_name: 'Ana',
      expiration_month: '12',
      expiration_year: '30',
      cvv2: '123',
    }
    const result = await new Promise((resolve) => OpenPay.token.create(card, resolve, resolve))
    expect(result).toEqual({ status: 200, data: { id: 'ktoken' } })
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: 'http://localhost:3000/sandbox/openpay/v1/mcabanassandbox00001/tokens',
      headers: { 'Content-Type': 'application/json', Authorization: `Basic ${btoa('pk_abc:')}` },
    })
    expect(JSON.parse(sent[0]?.body ?? 'null')).toEqual(card)
  })

  it('reports an Openpay error the way Openpay.js does', async () => {
    const body = { error_code: 2004, http_code: 422, category: 'request', description: 'x', request_id: 'r' }
    const { OpenPay } = loadOpenPay({ status: 422, response: JSON.stringify(body) })
    OpenPay.setId('m1')
    OpenPay.setApiKey('pk_abc')
    const error = await new Promise<{ message: string; status: number; data: unknown }>((resolve) =>
      OpenPay.token.create({ card_number: '1' }, resolve, resolve),
    )
    expect({ message: error.message, status: error.status, data: error.data }).toEqual({
      message: 'Request error',
      status: 422,
      data: body,
    })
  })

  it('refuses to send without a public key, and without card data', async () => {
    const { OpenPay, sent } = loadOpenPay()
    OpenPay.setId('m1')
    OpenPay.setApiKey('sk_secret')
    const error = await new Promise<{ message: string; status: number }>((resolve) =>
      OpenPay.token.create({}, resolve, resolve),
    )
    expect([error.message, error.status, sent.length]).toEqual(['Empty or invalid Openpay API Key', 0, 0])
    expect(() => OpenPay.token.create(null)).toThrow()
  })

  it('adds one hidden device session field to the payment form', () => {
    const { OpenPay, form } = loadOpenPay()
    const id = OpenPay.deviceData.setup('payment-form', 'device_session_id')
    expect(id).toMatch(/^[A-Za-z0-9]{32}$/)
    expect(OpenPay.deviceData.setup('payment-form', 'device_session_id')).toBe(id)
    expect(form.children).toEqual([
      { children: [], type: 'hidden', name: 'device_session_id', id: 'device_session_id', value: id },
    ])
    expect(OpenPay.deviceData.setup('missing-form')).toBe(id)
  })

  it.each([
    ['validateCardNumber', ['4111 1111 1111 1111'], true],
    ['validateCardNumber', ['4111111111111112'], false],
    ['validateCardNumber', ['343434343434343'], true],
    ['validateCVC', ['123'], true],
    ['validateCVC', ['12'], false],
    ['validateCVC', ['123', '343434343434343'], false],
    ['validateCVC', ['1234', '343434343434343'], true],
    ['validateExpiry', ['12', '99'], true],
    ['validateExpiry', ['01', '20'], false],
    ['validateExpiry', ['13', '99'], false],
    ['cardType', ['4111111111111111'], 'Visa'],
    ['cardType', ['5555555555554444'], 'Mastercard'],
    ['cardType', ['343434343434343'], 'American Express'],
    ['cardType', ['9999'], ''],
  ])('card.%s(%j) → %j', (name, args, expected) => {
    const { OpenPay } = loadOpenPay()
    expect(OpenPay.card[name](...args)).toBe(expected)
  })
})
