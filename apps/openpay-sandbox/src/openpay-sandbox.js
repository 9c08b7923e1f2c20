/*
 * Cabañas MX: a local stand-in for Openpay.js (openpay.v1 + openpay-data.v1), served only in sandbox
 * mode. It defines the same global `OpenPay` the checkout uses and talks to the sandbox REST API on
 * this script's own origin. Card number and CVV go from the page to the sandbox tokens endpoint and
 * nowhere else; this script keeps nothing.
 */
;((window) => {
  const document = window.document
  const script = document.currentScript
  const base = script?.src
    ? script.src.replace(/[?#].*$/, '').replace(/[^/]*$/, '')
    : `${window.location.origin}/sandbox/openpay/`
  const TIMEOUT_MS = 40000
  let merchantId = ''
  let apiKey = ''
  let sandboxMode = false
  let sessionId = null

  function noop() {}

  function digitsOf(value) {
    return String(value == null ? '' : value).replace(/[\s-]/g, '')
  }

  function isLuhnValid(digits) {
    let sum = 0
    for (let i = 0; i < digits.length; i++) {
      let digit = digits.charCodeAt(digits.length - 1 - i) - 48
      if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
      sum += digit
    }
    return sum % 10 === 0
  }

  const CARD_TYPES = [
    ['Visa Electron', /^(4026|417500|4508|4844|491(3|7))/],
    ['Visa', /^4/],
    ['Mastercard', /^5[1-5]/],
    ['American Express', /^3[47]/],
    ['Diners Club Carte Blanche', /^30[0-5]/],
    ['Diners Club International', /^36/],
    ['JCB', /^35(2[89]|[3-8][0-9])/],
    ['Laser', /^(6304|670[69]|6771)/],
    ['Maestro', /^(5018|5020|5038|6304|6759|676[1-3])/],
    ['Discover', /^(6011|622|64[4-9]|65)/],
  ]

  function cardType(number) {
    const digits = digitsOf(number)
    for (const [name, prefix] of CARD_TYPES) if (prefix.test(digits)) return name
    return ''
  }

  function validateCardNumber(number) {
    const digits = digitsOf(number)
    if (!/^\d{10,19}$/.test(digits) || !isLuhnValid(digits)) return false
    const type = cardType(digits)
    if (type === 'American Express') return digits.length === 15
    if (type === 'Mastercard') return digits.length === 16
    if (type === 'Visa' || type === 'Visa Electron') return [13, 16, 19].indexOf(digits.length) >= 0
    return digits.length >= 12
  }

  function validateCVC(cvc, cardNumber) {
    const text = String(cvc == null ? '' : cvc).trim()
    if (cardNumber === undefined) return /^\d{3,4}$/.test(text)
    return cardType(cardNumber) === 'American Express' ? /^\d{4}$/.test(text) : /^\d{3}$/.test(text)
  }

  /** Valid through the last day of the expiry month; the year may have 2 or 4 digits. */
  function validateExpiry(month, year) {
    const m = String(month == null ? '' : month).trim()
    const y = String(year == null ? '' : year).trim()
    if (!/^\d{1,2}$/.test(m) || !/^(\d{2}|\d{4})$/.test(y)) return false
    const monthNumber = Number(m)
    const yearNumber = y.length === 2 ? 2000 + Number(y) : Number(y)
    if (monthNumber < 1 || monthNumber > 12) return false
    return new Date(yearNumber, monthNumber, 1) > new Date()
  }

  function failure(message, status, data) {
    return {
      message: message,
      status: status,
      data: data,
      toString: () => message,
    }
  }

  function later(callback, value) {
    setTimeout(() => {
      callback(value)
    }, 0)
  }

  function send(path, data, onSuccess, onError) {
    const success = typeof onSuccess === 'function' ? onSuccess : noop
    const error = typeof onError === 'function' ? onError : noop
    if (!/^[a-z0-9]+$/i.test(merchantId)) return later(error, failure('Empty or invalid Openpay ID', 0, {}))
    if (!/^pk_[a-z0-9]+$/i.test(apiKey))
      return later(error, failure('Empty or invalid Openpay API Key', 0, {}))
    const xhr = new window.XMLHttpRequest()
    xhr.open('POST', OpenPay.sandboxHostname + merchantId + path, true)
    xhr.timeout = TIMEOUT_MS
    xhr.withCredentials = true
    xhr.setRequestHeader('Content-Type', 'application/json')
    xhr.setRequestHeader('Authorization', `Basic ${window.btoa(`${apiKey}:`)}`)
    xhr.onload = () => {
      let body
      try {
        body = JSON.parse(xhr.responseText)
      } catch (_e) {
        return error(failure('Response error (JSON parse failed).', xhr.status, {}))
      }
      if (xhr.status >= 200 && xhr.status < 300) success({ status: 200, data: body })
      else error(failure('Request error', xhr.status, body))
    }
    xhr.ontimeout = () => {
      error(failure(`Timeout after ${TIMEOUT_MS} milliseconds`, 0, {}))
    }
    xhr.onerror = () => {
      error(failure('Browser error (network)', 0, {}))
    }
    xhr.send(JSON.stringify(data))
  }

  function createToken(data, onSuccess, onError) {
    if (!data) throw 'tarjeta required'
    if (typeof data !== 'object') throw 'tarjeta invalid'
    send('/tokens', data, onSuccess, onError)
  }

  /** Reads the inputs marked data-openpay-card / data-openpay-card-address, like Openpay.js. */
  function extractFormAndCreate(form, onSuccess, onError) {
    const element = typeof form === 'string' ? document.getElementById(form) : form?.jquery ? form[0] : form
    if (!element) throw 'form required'
    const card = {}
    for (const input of element.querySelectorAll('[data-openpay-card]')) {
      card[input.getAttribute('data-openpay-card')] = input.value
    }
    const address = element.querySelectorAll('[data-openpay-card-address]')
    if (address.length > 0) card.address = {}
    for (const input of address) card.address[input.getAttribute('data-openpay-card-address')] = input.value
    createToken(card, onSuccess, onError)
  }

  /** 32 chars [A-Za-z0-9]: 24 random bytes in base64 with '+' and '/' replaced by '0'. */
  function newSessionId() {
    const bytes = new Uint8Array(24)
    window.crypto.getRandomValues(bytes)
    const binary = String.fromCharCode(...bytes)
    return window.btoa(binary).replace(/[+/]/g, '0')
  }

  /** One device session id per page load; put in a hidden input of the form when it exists. */
  function setupDeviceData(formId, fieldName) {
    if (!sessionId) sessionId = newSessionId()
    const name = fieldName || 'deviceDataId'
    const form = formId ? document.getElementById(formId) : null
    if (form) {
      let input = document.getElementById(name)
      if (!input) {
        input = document.createElement('input')
        input.type = 'hidden'
        input.name = name
        input.id = name
        form.appendChild(input)
      }
      input.value = sessionId
    }
    return sessionId
  }

  const OpenPay = {
    version: 'sandbox',
    hostname: `${base}v1/`,
    sandboxHostname: `${base}v1/`,
    setId: (id) => {
      merchantId = String(id == null ? '' : id)
    },
    getId: () => merchantId,
    setApiKey: (key) => {
      apiKey = String(key == null ? '' : key)
    },
    getApiKey: () => apiKey,
    setSandboxMode: (enabled) => {
      sandboxMode = !!enabled
    },
    getSandboxMode: () => sandboxMode,
    token: { create: createToken, extractFormAndCreate: extractFormAndCreate },
    deviceData: { setup: setupDeviceData, _sandboxHostname: base },
    card: {
      validateCardNumber: validateCardNumber,
      validateCVC: validateCVC,
      validateExpiry: validateExpiry,
      cardType: cardType,
    },
  }
  window.OpenPay = OpenPay
})(window)
