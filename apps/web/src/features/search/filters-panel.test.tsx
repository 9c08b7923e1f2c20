import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buildSearchResponse, buildSearchResult } from '../../test/factories'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { renderApp } from '../../test/render-app'

const SEARCH = 'location=Tapalpa%2C+Jalisco&guests=4&checkIn=2026-08-07&checkOut=2026-08-09'

async function openFilters(url: string) {
  const fetchMock = mockFetch(() => jsonResponse(buildSearchResponse([buildSearchResult()])))
  const app = renderApp(url)
  await screen.findByRole('heading', { level: 1, name: '1 resultado' })
  fireEvent.click(screen.getByRole('button', { name: /^Filtros/ }))
  const dialog = await screen.findByRole('dialog', { name: 'Filtros' })
  return { ...app, dialog, fetchMock }
}

/** A count filter's native list, inside its stepper. */
const countField = (dialog: HTMLElement, label: string) =>
  within(within(dialog).getByRole('group', { name: label })).getByRole('combobox') as HTMLSelectElement

const amenity = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('checkbox', { name }) as HTMLInputElement

/** What the form would send without JavaScript. */
function sent(form: HTMLFormElement): [string, string][] {
  return [...new FormData(form)].map(([name, value]) => [name, String(value)])
}

describe('FiltersPanel', () => {
  it('starts from the filters in the address and writes the new ones back', async () => {
    const { router, dialog, fetchMock } = await openFilters(`/results?${SEARCH}&beds=2&amenities=wifi`)

    expect(countField(dialog, 'Recámaras').selectedOptions[0]?.textContent).toBe('Todos')
    expect(countField(dialog, 'Camas').selectedOptions[0]?.textContent).toBe('2+')
    expect(amenity(dialog, 'Wifi').checked).toBe(true)

    fireEvent.click(within(dialog).getByRole('button', { name: 'Aumentar baños' }))
    fireEvent.click(amenity(dialog, 'Alberca'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mostrar lugares' }))

    expect(screen.queryByRole('dialog', { name: 'Filtros' })).toBeNull()
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
    const last = new URL(String(fetchMock.mock.calls.at(-1)![0]), window.location.origin)
    expect(last.searchParams.get('bathrooms')).toBe('1')
    expect(last.searchParams.get('amenities')).toBe('wifi,pool')
  })

  it('takes a count picked from the list like one stepped to', async () => {
    const { router, dialog } = await openFilters(`/results?${SEARCH}`)

    fireEvent.change(countField(dialog, 'Recámaras'), { target: { value: '3' } })
    expect(within(dialog).getByRole('button', { name: 'Reducir recámaras' })).toHaveProperty(
      'disabled',
      false,
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reducir recámaras' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mostrar lugares' }))

    expect(new URLSearchParams(router.state.location.search).get('bedrooms')).toBe('2')
  })

  it('"Borrar todo" clears every filter once the places are shown', async () => {
    const { router, dialog } = await openFilters(
      `/results?${SEARCH}&bedrooms=1&bathrooms=2&amenities=jacuzzi`,
    )

    fireEvent.click(within(dialog).getByRole('button', { name: 'Borrar todo' }))
    expect(countField(dialog, 'Baños').value).toBe('0')
    expect(amenity(dialog, 'Jacuzzi').checked).toBe(false)
    expect(within(dialog).getByRole('button', { name: 'Borrar todo' })).toHaveProperty('disabled', true)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mostrar lugares' }))

    expect(router.state.location.search).toBe(`?${SEARCH}`)
  })

  it('is a GET form of the results page that carries the search, for browsers without JavaScript', async () => {
    const { dialog } = await openFilters(`/results?${SEARCH}&beds=2&amenities=wifi,fireplace`)

    const form = within(dialog).getByRole('button', { name: 'Mostrar lugares' }).closest('form')!
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('action')).toBe('/results')
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
    expect(clear.type).toBe('submit')
    expect(clear.form?.getAttribute('action')).toBe('/results')
    expect(sent(clear.form!)).toEqual([
      ['location', 'Tapalpa, Jalisco'],
      ['checkIn', '2026-08-07'],
      ['checkOut', '2026-08-09'],
      ['guests', '4'],
    ])
    // Without the app, the browser opens and closes the dialog (HTML Invoker Commands).
    const trigger = screen.getByRole('button', { name: /^Filtros/ })
    expect(trigger.getAttribute('command')).toBe('show-modal')
    expect(trigger.getAttribute('commandfor')).toBe(dialog.id)
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
    expect(toggle.getAttribute('name')).toBeNull()
  })

  it('closes without changing the address, and opens again from the address', async () => {
    const { router, dialog } = await openFilters(`/results?${SEARCH}`)

    fireEvent.click(within(dialog).getByRole('button', { name: 'Aumentar camas' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }))

    expect(screen.queryByRole('dialog', { name: 'Filtros' })).toBeNull()
    expect(router.state.location.search).toBe(`?${SEARCH}`)

    fireEvent.click(screen.getByRole('button', { name: /^Filtros/ }))
    const again = await screen.findByRole('dialog', { name: 'Filtros' })
    expect(countField(again, 'Camas').value).toBe('0')
  })

  it('closes when the browser closes the dialog (Escape, a click outside)', async () => {
    const { dialog } = await openFilters(`/results?${SEARCH}`)

    ;(dialog as HTMLDialogElement).close()

    expect(screen.queryByRole('dialog', { name: 'Filtros' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: /^Filtros/ }))
    expect(await screen.findByRole('dialog', { name: 'Filtros' })).toBeTruthy()
  })
})
