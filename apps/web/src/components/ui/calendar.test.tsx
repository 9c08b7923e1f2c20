import type { CalendarDate } from '@cabanas/domain/shared'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { YearMonth } from '../../lib/calendar-month'
import { must } from '../../test/must'
import { Calendar } from './calendar'

const TODAY = '2026-07-15'

function TwoMonths({ onSelect = () => {} }: { onSelect?: (date: CalendarDate) => void }) {
  const [month, setMonth] = useState<YearMonth>({ year: 2026, month: 7 })
  return (
    <Calendar
      label="Fecha de llegada"
      month={month}
      onMonthChange={setMonth}
      minMonth={{ year: 2026, month: 7 }}
      numberOfMonths={2}
      isDayDisabled={(date) => date < TODAY}
      onSelect={onSelect}
    />
  )
}

describe('Calendar', () => {
  it('draws two Spanish months of 42 days each, weeks starting on Sunday', () => {
    render(<TwoMonths />)

    const july = screen.getByRole('table', { name: 'Julio 2026' })
    expect(screen.getByRole('table', { name: 'Agosto 2026' })).toBeInTheDocument()
    expect(
      within(july)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['D', 'L', 'M', 'M', 'J', 'V', 'S'])
    const cells = within(july).getAllByRole('cell')
    expect(cells).toHaveLength(42)
    // 1 July 2026 is a Wednesday: Sunday 28 June opens the grid, outside the month and disabled.
    expect(must(cells[0], 'cells[0]').querySelector('button')).toBeDisabled()
    expect(within(must(cells[3], 'cells[3]')).getByRole('button')).toHaveAttribute(
      'aria-label',
      'miércoles, 1 de julio de 2026',
    )
    expect(must(cells[41], 'cells[41]').querySelector('button')).toBeDisabled()
  })

  it('disables past days and days outside the month', () => {
    render(<TwoMonths />)

    expect(screen.getByRole('button', { name: 'martes, 14 de julio de 2026' })).toHaveProperty(
      'disabled',
      true,
    )
    expect(screen.getByRole('button', { name: 'miércoles, 15 de julio de 2026' })).toHaveProperty(
      'disabled',
      false,
    )
    const august = screen.getByRole('table', { name: 'Agosto 2026' })
    const outside = within(august)
      .getAllByRole('cell')
      .map((cell) => must(cell.querySelector('button'), "cell.querySelector('button')"))
      .filter((button) => button.getAttribute('aria-hidden') === 'true')
    expect(outside.length).toBeGreaterThan(0)
    expect(outside.every((button) => button.disabled)).toBe(true)
  })

  it('moves between months, never before the first allowed one', async () => {
    const user = userEvent.setup()
    render(<TwoMonths />)

    expect(screen.getByRole('button', { name: 'Mes anterior' })).toHaveProperty('disabled', true)
    await user.click(screen.getByRole('button', { name: 'Mes siguiente' }))
    expect(screen.getByRole('table', { name: 'Agosto 2026' })).toBeInTheDocument()
    expect(screen.getByRole('table', { name: 'Septiembre 2026' })).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Julio 2026' })).not.toBeInTheDocument()
  })

  it('picks a day with a click and moves with the arrow keys', async () => {
    const user = userEvent.setup()
    const onSelect = vi.fn()
    render(<TwoMonths onSelect={onSelect} />)

    const today = screen.getByRole('button', { name: 'miércoles, 15 de julio de 2026' })
    expect(today.tabIndex).toBe(0)
    today.focus()
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'jueves, 16 de julio de 2026' }))
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    // 14 July is in the past: the focus stays on the 15th.
    expect(document.activeElement).toBe(today)

    await user.click(screen.getByRole('button', { name: 'viernes, 31 de julio de 2026' }))
    expect(onSelect).toHaveBeenCalledWith('2026-07-31')
  })
})
