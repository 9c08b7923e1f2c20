import { calendarSyncMessages } from '@cabanas/domain/calendar'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { CalendarFeedForm } from './calendar-feed-form'

async function fill(name: string, url: string) {
  const user = userEvent.setup()
  if (name) await user.type(screen.getByLabelText('Nombre'), name)
  await user.type(screen.getByLabelText('Dirección del calendario (iCal)'), url)
  await user.click(screen.getByRole('button', { name: 'Agregar calendario' }))
}

describe('CalendarFeedForm', () => {
  it('explains in Spanish what is missing or wrong, and sends nothing', async () => {
    const onAdd = vi.fn(async () => {})
    render(<CalendarFeedForm onAdd={onAdd} failure={null} />)
    await fill('', 'webcal://www.airbnb.mx/calendar/ical/1.ics')
    expect(await screen.findByText(calendarSyncMessages.nameMissing)).toBeInTheDocument()
    expect(screen.getByText(calendarSyncMessages.urlInvalid)).toBeInTheDocument()
    expect(screen.getByLabelText('Nombre')).toHaveAttribute('aria-invalid', 'true')
    expect(onAdd).not.toHaveBeenCalled()
  })

  it('sends a name and an https address, then empties the form', async () => {
    const onAdd = vi.fn(async () => {})
    render(<CalendarFeedForm onAdd={onAdd} failure={null} />)
    await fill(' Airbnb ', 'https://www.airbnb.mx/calendar/ical/1.ics?s=abc')
    await waitFor(() =>
      expect(onAdd).toHaveBeenCalledWith({
        name: 'Airbnb',
        url: 'https://www.airbnb.mx/calendar/ical/1.ics?s=abc',
      }),
    )
    await waitFor(() => expect(screen.getByLabelText('Nombre')).toHaveValue(''))
  })

  it('shows the server’s refusal', () => {
    render(<CalendarFeedForm onAdd={async () => {}} failure={calendarSyncMessages.tooManyFeeds} />)
    expect(screen.getByRole('alert').textContent).toContain(calendarSyncMessages.tooManyFeeds)
  })
})
