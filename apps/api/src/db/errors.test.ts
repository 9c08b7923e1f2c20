import { describe, expect, it } from 'vitest'
import { retryOnDeadlock, SQLSTATE, sqlStateOf } from './errors.ts'

const failure = (code: string) => Object.assign(new Error('Failed query'), { cause: { code } })

describe('retryOnDeadlock', () => {
  it('runs the statement again after a deadlock, and returns its result', async () => {
    let calls = 0
    const result = await retryOnDeadlock(async () => {
      calls += 1
      if (calls < 3) throw failure(SQLSTATE.deadlockDetected)
      return 'ok'
    })
    expect(result).toBe('ok')
    expect(calls).toBe(3)
  })

  it('lets any other error through at once', async () => {
    let calls = 0
    const run = retryOnDeadlock(async () => {
      calls += 1
      throw failure(SQLSTATE.exclusionViolation)
    })
    await expect(run).rejects.toThrow('Failed query')
    expect(calls).toBe(1)
  })

  it('gives up after its attempts', async () => {
    let calls = 0
    const run = retryOnDeadlock(async () => {
      calls += 1
      throw failure(SQLSTATE.deadlockDetected)
    }, 2)
    await expect(run).rejects.toSatisfy((error) => sqlStateOf(error) === SQLSTATE.deadlockDetected)
    expect(calls).toBe(2)
  })
})
