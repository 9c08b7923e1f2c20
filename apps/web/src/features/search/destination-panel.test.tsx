import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type DestinationOption, DestinationPanel } from './destination-panel'

const DESTINATIONS: DestinationOption[] = [
  { population: 'Tulum', state: 'Quintana Roo', latitude: 20.211, longitude: -87.465, count: 5 },
  { population: 'Mazamitla', state: 'Jalisco', latitude: 19.915, longitude: -103.02, count: 9 },
  { population: 'Tapalpa', state: 'Jalisco', latitude: 19.944, longitude: -103.758, count: 6 },
]

function stubGeolocation(getCurrentPosition: Geolocation['getCurrentPosition']) {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } })
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation')
})

const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('button')
    .map((button) => button.textContent)

describe('DestinationPanel', () => {
  it('offers every destination with its emoji and description', async () => {
    const user = userEvent.setup()
    const onSelect = vi.fn()
    render(<DestinationPanel id="p" destinations={DESTINATIONS} selected="" onSelect={onSelect} />)

    const list = screen.getByRole('list', { name: 'Destinos' })
    expect(names(list)).toEqual([
      '🌴Tulum, Quintana RooCaribe turquesa, cenotes y arena blanca',
      '🌲Mazamitla, JaliscoBosque, chimenea y aire fresco de montaña',
      '🌲Tapalpa, JaliscoBosque, chimenea y aire fresco de montaña',
    ])
    await user.click(within(list).getByRole('button', { name: /Tapalpa/ }))
    expect(onSelect).toHaveBeenCalledWith('Tapalpa, Jalisco')
  })

  it('"Por la zona" lists the nearest destinations when the browser shares its position', async () => {
    const user = userEvent.setup()
    stubGeolocation((success) =>
      success({ coords: { latitude: 19.95, longitude: -103.7 } } as GeolocationPosition),
    )
    render(<DestinationPanel id="p" destinations={DESTINATIONS} selected="" onSelect={() => {}} />)

    await user.click(screen.getByRole('button', { name: /Por la zona/ }))
    const list = screen.getByRole('list', { name: 'Destinos cerca de ti' })
    const [first, second, third] = names(list)
    expect(first).toMatch(/^🌲Tapalpa, JaliscoA \d+ km de ti$/)
    expect(second).toMatch(/^🌲Mazamitla, Jalisco/)
    expect(third).toMatch(/^🌴Tulum, Quintana RooA 1,\d{3} km de ti$/)
  })

  it('"Por la zona" falls back to every destination when the position is refused', async () => {
    const user = userEvent.setup()
    stubGeolocation((_, failure) => failure?.({ code: 1 } as GeolocationPositionError))
    render(<DestinationPanel id="p" destinations={DESTINATIONS} selected="" onSelect={() => {}} />)

    await user.click(screen.getByRole('button', { name: /Por la zona/ }))
    expect(
      screen.getByText('No pudimos obtener tu ubicación; estos son todos los destinos.'),
    ).toBeInTheDocument()
    expect(names(screen.getByRole('list', { name: 'Destinos' }))).toHaveLength(3)
  })

  it('says when there are no destinations', () => {
    render(<DestinationPanel id="p" destinations={[]} selected="" onSelect={() => {}} />)

    expect(screen.getByText('No hay destinos disponibles por el momento')).toBeInTheDocument()
  })
})
