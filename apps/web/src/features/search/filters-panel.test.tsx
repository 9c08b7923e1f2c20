import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { buildSearchResponse, buildSearchResult } from '../../test/factories'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderApp } from '../../test/render-app'

const SEARCH = 'location=Tapalpa%2C+Jalisco&guests=4&checkIn=2026-08-07&checkOut=2026-08-09'

async function openFilters(url: string) {
  const fetchMock = mockFetch(() => jsonResponse(buildSearchResponse([buildSearchResult()])))
  const user = userEvent.setup()
  const app = renderApp(url)
  await screen.findByRole('heading', { level: 1, name: '1 resultado' })
  await user.click(screen.getByRole('button', { name: /^Filtros/ }))
  const dialog = await screen.findByRole('dialog', { name: 'Filtros' })
  return { ...app, dialog, fetchMock, user }
}

/** A count filter's native list, inside its stepper. */
const countField = (dialog: HTMLElement, label: string) =>
  within(within(dialog).getByRole('group', { name: label })).getByRole('combobox')

const amenity = (dialog: HTMLElement, name: string) => within(dialog).getByRole('checkbox', { name })

/** What the form would send without JavaScript. */
function sent(form: HTMLFormElement): [string, string][] {
  return [...new FormData(form)].map(([name, value]) => [name, String(value)])
}

describe('FiltersPanel', () => {
  it('starts from the filters in the address and writes the new ones back', async () => {
    const { router, dialog, fetchMock, user } = await openFilters(`/results?${SEARCH}&beds=2&amenities=wifi`)

    expect(countField(dialog, 'Recámaras')).toHaveDisplayValue('Todos')
    expect(countField(dialog, 'Camas')).toHaveDisplayValue('2+')
    expect(amenity(dialog, 'Wifi')).toBeChecked()

    await user.click(within(dialog).getByRole('button', { name: 'Aumentar baños' }))
    await user.click(amenity(dialog, 'Alberca'))
    await user.click(within(dialog).getByRole('button', { name: 'Mostrar lugares' }))

    expect(screen.queryByRole('dialog', { name: 'Filtros' })).not.toBeInTheDocument()
    const params = new URLSearchParams(router.state.location.search)
    expect(Object.fromEntries(params)).toEqual({
      location: 'Tapalpa, Jalisco',
      guests: '4',
      checkIn: '2026-08-07',
      checkOut: '2026-08-09',
      beds: '2',
      bathrooms: '1',
      amenities: 'wifi,pool',
    })
    await screen.findByRole('button', { name: /^Filtros\s*4/ })
    const last = new URL(
      String(must(fetchMock.mock.calls.at(-1), 'a last request')[0]),
      window.location.origin,
    )
    expect(last.searchParams.get('bathrooms')).toBe('1')
    expect(last.searchParams.get('amenities')).toBe('wifi,pool')
  })

  it('takes a count picked from the list like one stepped to', async () => {
    const { router, dialog, user } = await openFilters(`/results?${SEARCH}`)

    await user.selectOptions(countField(dialog, 'Recámaras'), '3')
    expect(within(dialog).getByRole('button', { name: 'Reducir recámaras' })).toBeEnabled()
    await user.click(within(dialog).getByRole('button', { name: 'Reducir recámaras' }))
    await user.click(within(dialog).getByRole('button', { name: 'Mostrar lugares' }))

    expect(new URLSearchParams(router.state.location.search).get('bedrooms')).toBe('2')
  })

  it('"Borrar todo" clears every filter once the places are shown', async () => {
    const { router, dialog, user } = await openFilters(
      `/results?${SEARCH}&bedrooms=1&bathrooms=2&amenities=jacuzzi`,
    )

    await user.click(within(dialog).getByRole('button', { name: 'Borrar todo' }))
    expect(countField(dialog, 'Baños')).toHaveValue('0')
    expect(amenity(dialog, 'Jacuzzi')).not.toBeChecked()
    expect(within(dialog).getByRole('button', { name: 'Borrar todo' })).toBeDisabled()
    await user.click(within(dialog).getByRole('button', { name: 'Mostrar lugares' }))

    expect(router.state.location.search).toBe(`?${SEARCH}`)
  })

  it('is a GET form of the results page that carries the search, for browsers without JavaScript', async () => {
    const { dialog } = await openFilters(`/results?${SEARCH}&beds=2&amenities=wifi,fireplace`)

    const form = must(
      within(dialog).getByRole('button', { name: 'Mostrar lugares' }).closest('form'),
      'the filters’ form',
    )
    expect(form).toHaveAttribute('method', 'get')
    expect(form).toHaveAttribute('action', '/results')
    expect(sent(form)).toEqual([
      ['location', 'Tapalpa, Jalisco'],
      ['checkIn', '2026-08-07'],
      ['checkOut', '2026-08-09'],
      ['guests', '4'],
      ['bedrooms', '0'],
      ['beds', '2'],
      ['bathrooms', '0'],
      ['amenities', 'wifi'],
      ['amenities', 'fireplace'],
    ])
    // 'Borrar todo' sends a second form: the search alone.
    const clear = within(dialog).getByRole('button', { name: 'Borrar todo' }) as HTMLButtonElement
    expect(clear).toHaveAttribute('type', 'submit')
    expect(clear.form).toHaveAttribute('action', '/results')
    expect(sent(must(clear.form, 'the form of Borrar todo'))).toEqual([
      ['location', 'Tapalpa, Jalisco'],
      ['checkIn', '2026-08-07'],
      ['checkOut', '2026-08-09'],
      ['guests', '4'],
    ])
    // Without the app, the browser opens and closes the dialog (HTML Invoker Commands).
    const trigger = screen.getByRole('button', { name: /^Filtros/ })
    expect(trigger).toHaveAttribute('command', 'show-modal')
    expect(trigger).toHaveAttribute('commandfor', dialog.id)
    const close = within(dialog).getByRole('button', { name: 'Cerrar' })
    expect([close.getAttribute('command'), close.getAttribute('commandfor')]).toEqual(['close', dialog.id])
    expect(dialog.tagName).toBe('DIALOG')
  })

  it('offers six amenities first and the rest behind "Mostrar más (18 más)"', async () => {
    const { dialog } = await openFilters(`/results?${SEARCH}`)

    const amenities = within(dialog).getByRole('region', { name: 'Amenidades' })
    const items = within(amenities).getAllByRole('listitem')
    expect(items).toHaveLength(24)
    // The rest is folded by CSS (the toggle is a checkbox), so it also works without JavaScript.
    expect(items.filter((item) => item.className.includes('hidden'))).toHaveLength(18)
    expect(items.slice(0, 6).every((item) => !item.className)).toBe(true)
    const toggle = within(amenities).getByRole('checkbox', { name: /Mostrar más \(18 más\)/ })
    expect(toggle).not.toHaveAttribute('name')
  })

  it('closes without changing the address, and opens again from the address', async () => {
    const { router, dialog, user } = await openFilters(`/results?${SEARCH}`)

    await user.click(within(dialog).getByRole('button', { name: 'Aumentar camas' }))
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }))

    expect(screen.queryByRole('dialog', { name: 'Filtros' })).not.toBeInTheDocument()
    expect(router.state.location.search).toBe(`?${SEARCH}`)

    await user.click(screen.getByRole('button', { name: /^Filtros/ }))
    const again = await screen.findByRole('dialog', { name: 'Filtros' })
    expect(countField(again, 'Camas')).toHaveValue('0')
  })

  it('closes when the browser closes the dialog (Escape, a click outside)', async () => {
    const { dialog, user } = await openFilters(`/results?${SEARCH}`)

    ;(dialog as HTMLDialogElement).close()

    expect(screen.queryByRole('dialog', { name: 'Filtros' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /^Filtros/ }))
    expect(await screen.findByRole('dialog', { name: 'Filtros' })).toBeInTheDocument()
  })
})
