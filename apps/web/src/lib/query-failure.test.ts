import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client'
import { isPassingFailure } from './query-failure'

const failure = (status: number) => new ApiError({ status, code: 'X', message: 'Falló' })

describe('isPassingFailure', () => {
  it.each([0, 408, 429, 500, 502, 503])('takes %i as a failure that may pass', (status) => {
    expect(isPassingFailure(failure(status))).toBe(true)
  })

  it.each([400, 401, 403, 404, 409, 422])('takes %i as an answer about the data', (status) => {
    expect(isPassingFailure(failure(status))).toBe(false)
  })

  it('takes anything but an API error (a malformed answer, a bug) as lasting', () => {
    expect(isPassingFailure(new TypeError('x is undefined'))).toBe(false)
  })
})
