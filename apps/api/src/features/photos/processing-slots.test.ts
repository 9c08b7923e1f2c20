import { describe, expect, it } from 'vitest'
import { createProcessingSlots } from './processing-slots.ts'

const deferred = () => {
  let resolve = () => {}
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

describe('createProcessingSlots', () => {
  it('runs one task at a time, queues a few, and turns away the rest at once', async () => {
    const slots = createProcessingSlots({ concurrency: 1, maxWaiting: 2 })
    const first = deferred()
    const order: string[] = []
    const a = slots.run(async () => {
      order.push('a')
      await first.promise
      return 'a'
    })
    const b = slots.run(async () => {
      order.push('b')
      return 'b'
    })
    const c = slots.run(async () => 'c')
    expect(slots.load()).toEqual({ running: 1, waiting: 2 })
    expect(await slots.run(async () => 'd')).toBeNull()
    expect(order).toEqual(['a'])
    first.resolve()
    expect(await Promise.all([a, b, c])).toEqual([{ value: 'a' }, { value: 'b' }, { value: 'c' }])
    expect(slots.load()).toEqual({ running: 0, waiting: 0 })
  })

  it('frees the slot of a task that fails', async () => {
    const slots = createProcessingSlots({ concurrency: 1, maxWaiting: 0 })
    await expect(
      slots.run(async () => {
        throw new Error('dañada')
      }),
    ).rejects.toThrow('dañada')
    expect(await slots.run(async () => 1)).toEqual({ value: 1 })
  })
})
