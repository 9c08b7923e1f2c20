import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { CabinsLoading, LOADING_MESSAGES } from './cabins-loading'

describe('CabinsLoading', () => {
  it('moves to the next message every 2 seconds and wraps around', () => {
    vi.useFakeTimers()
    render(<CabinsLoading />)

    const status = screen.getByRole('status')
    expect(status.textContent).toBe(LOADING_MESSAGES[0])
    act(() => vi.advanceTimersByTime(1999))
    expect(status.textContent).toBe(LOADING_MESSAGES[0])
    act(() => vi.advanceTimersByTime(1))
    expect(status.textContent).toBe(LOADING_MESSAGES[1])
    act(() => vi.advanceTimersByTime(2000 * (LOADING_MESSAGES.length - 1)))
    expect(status.textContent).toBe(LOADING_MESSAGES[0])
  })
})
