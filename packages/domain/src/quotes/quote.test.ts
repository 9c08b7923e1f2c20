import { describe, expect, it } from 'vitest'
import { firstCheckInDate } from '../shared/check-in.ts'
import { DomainError } from '../shared/errors.ts'
import { checkStayDates, quoteMessages } from './quote.ts'

const today = '2026-12-17'
// 15:00 in Mexico City is 21:00 UTC.
const beforeCheckIn = new Date('2026-12-17T20:59:59.999Z')
const atCheckIn = new Date('2026-12-17T21:00:00.000Z')

describe('same-day arrivals', () => {
  it('accepts an arrival today before 15:00 Mexico City', () => {
    expect(checkStayDates({ checkIn: today, checkOut: '2026-12-18', today, now: beforeCheckIn })).toBe(1)
  })
  it('refuses an arrival today from 15:00 Mexico City, in Spanish', () => {
    const attempt = () => checkStayDates({ checkIn: today, checkOut: '2026-12-18', today, now: atCheckIn })
    expect(attempt).toThrow(DomainError)
    expect(attempt).toThrow(quoteMessages.checkInTimePassed)
    expect(quoteMessages.checkInTimePassed).toContain('15:00, hora de la Ciudad de México')
  })
  it('still accepts tomorrow after 15:00', () => {
    expect(checkStayDates({ checkIn: '2026-12-18', checkOut: '2026-12-19', today, now: atCheckIn })).toBe(1)
  })
  it('offers today until 15:00, then tomorrow', () => {
    expect(firstCheckInDate(today, beforeCheckIn)).toBe(today)
    expect(firstCheckInDate(today, atCheckIn)).toBe('2026-12-18')
  })
})
