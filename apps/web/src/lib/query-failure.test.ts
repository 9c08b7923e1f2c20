import type { UseQueryResult } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client'
import { isPassingFailure, isStale } from './query-failure'

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

/** The parts of a query's result that `isStale` reads. */
function result(parts: Partial<UseQueryResult<string, unknown>>): UseQueryResult<string, unknown> {
  return {
    data: 'la cabaña',
    isPlaceholderData: false,
    isError: false,
    error: null,
    fetchStatus: 'idle',
    ...parts,
  } as UseQueryResult<string, unknown>
}

describe('isStale', () => {
  it('takes data whose refresh failed in passing, or waits for the connection, as stale', () => {
    expect(isStale(result({ isError: true, error: failure(503) }))).toBe(true)
    expect(isStale(result({ fetchStatus: 'paused' }))).toBe(true)
    expect(isStale(result({ isError: true, error: failure(0), fetchStatus: 'paused' }))).toBe(true)
  })

  it('does not take fresh data, no data, a refusal or another page’s data shown meanwhile as stale', () => {
    expect(isStale(result({}))).toBe(false)
    expect(isStale(result({ fetchStatus: 'fetching' }))).toBe(false)
    expect(isStale(result({ data: undefined, isError: true, error: failure(0) }))).toBe(false)
    // The screen shows the refusal; a refresh paused after it changes nothing.
    expect(isStale(result({ isError: true, error: failure(404), fetchStatus: 'paused' }))).toBe(false)
    expect(isStale(result({ isPlaceholderData: true, fetchStatus: 'paused' }))).toBe(false)
  })
})
