import { describe, expect, it } from 'vitest'
import { hostTodayWindow, isUrgentRequest, requestAnswerDeadline, timeLeftLabel } from './host-today.ts'

const at = (iso: string) => new Date(iso)

describe('hostTodayWindow', () => {
  it.each([
    ['2026-06-01', '2026-06-08'],
    ['2026-12-28', '2027-01-04'],
    ['2028-02-25', '2028-03-03'],
  ])('covers %s to seven days later, %s', (today, to) => {
    expect(hostTodayWindow(today)).toEqual({ from: today, to })
  })
})

describe('requestAnswerDeadline', () => {
  it('is 24 hours after the request was made', () => {
    expect(requestAnswerDeadline(at('2026-06-01T17:30:00Z')).toISOString()).toBe('2026-06-02T17:30:00.000Z')
  })
})

describe('timeLeftLabel and isUrgentRequest', () => {
  const deadline = at('2026-06-02T12:00:00Z')
  it.each([
    ['2026-06-01T12:00:00Z', 'Quedan 24 h', false],
    ['2026-06-02T06:00:00Z', 'Quedan 6 h', false],
    ['2026-06-02T06:30:00Z', 'Quedan 5 h', true],
    ['2026-06-02T11:00:00Z', 'Quedan 1 h', true],
    ['2026-06-02T11:15:00Z', 'Quedan 45 min', true],
    ['2026-06-02T11:59:50Z', 'Quedan 1 min', true],
    ['2026-06-02T12:00:00Z', 'Plazo vencido', true],
  ])('at %s: %s (urgent: %s)', (now, label, urgent) => {
    expect(timeLeftLabel(deadline, at(now))).toBe(label)
    expect(isUrgentRequest(deadline, at(now))).toBe(urgent)
  })
})
