import { afterEach, describe, expect, it } from 'vitest'
import { nextTask } from './next-task'

afterEach(() => {
  window.scheduler = undefined
})

describe('nextTask', () => {
  it("goes through the browser's scheduler.yield where it has one", async () => {
    let yielded = 0
    window.scheduler = {
      yield: () => {
        yielded++
        return Promise.resolve()
      },
    }
    await nextTask()
    expect(yielded).toBe(1)
  })

  it('resolves in a later task elsewhere: what the current task queued (its microtasks) runs first', async () => {
    const order: string[] = []
    const waited = nextTask().then(() => order.push('after the task'))
    queueMicrotask(() => queueMicrotask(() => queueMicrotask(() => order.push('microtasks'))))
    await waited
    expect(order).toEqual(['microtasks', 'after the task'])
  })
})
