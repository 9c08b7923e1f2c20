import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { buildCabin } from '../../test/factories'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderApp } from '../../test/render-app'

const cabin = buildCabin({
  name: 'Cabaña Los Pinos',
  images: [1, 2, 3, 4, 5, 6, 7].map((n) => ({
    url: `/media/cabins/los-pinos/${n}.webp`,
    preview: `/media/cabins/los-pinos/${n}-card.webp`,
    alt: `Foto ${n} de la cabaña`,
  })),
})

/** GET /habitaciones/:id as the API answers it; every other call is a 404. */
function mockCabinApi() {
  return mockFetch((url) =>
    url.pathname === `/habitaciones/${cabin._id}`
      ? jsonResponse(cabin)
      : jsonResponse({ success: false, error: 'No encontrado', errorType: 'CABIN_NOT_FOUND' }, 404),
  )
}

const stay = 'checkIn=2099-08-07&checkOut=2099-08-09&guests=2'

describe('the photos page of a cabin', () => {
  it('shows every photo with its description, in the gallery order, and links back to the cabin with the stay', async () => {
    mockCabinApi()
    renderApp(`/cabin/${cabin._id}/fotos?${stay}`)

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fotos de Cabaña Los Pinos' }),
    ).toBeInTheDocument()
    const photos = within(within(screen.getByRole('main')).getByRole('list')).getAllByRole('img')
    expect(photos.map((photo) => photo.getAttribute('alt'))).toEqual(cabin.images.map((image) => image.alt))
    // The first photo is the page's largest paint; each photo is an anchor a gallery tile links to.
    expect(photos[0]).toHaveAttribute('loading', 'eager')
    expect(photos[1]).toHaveAttribute('loading', 'lazy')
    expect(must(must(photos[2], 'photos[2]').closest('li'), "photos[2]!.closest('li')").id).toBe('foto-3')
    for (const link of screen.getAllByRole('link', { name: 'Volver a la cabaña' })) {
      expect(link).toHaveAttribute('href', `/cabin/${cabin._id}?${stay}`)
    }
    expect(document.title).toBe('Fotos de Cabaña Los Pinos — Cabañas MX')
  })

  it("goes back to the cabin page, and the browser's Back draws the photos page again (client-side)", async () => {
    const user = userEvent.setup()
    mockCabinApi()
    const { router } = renderApp(`/cabin/${cabin._id}/fotos`)

    await user.click(
      must(
        (await screen.findAllByRole('link', { name: 'Volver a la cabaña' }))[0],
        "(await screen.findAllByRole('link', { name: 'Volver a la cabaña' })...",
      ),
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Cabaña Los Pinos' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/cabin/${cabin._id}`)

    await router.navigate(-1)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fotos de Cabaña Los Pinos' }),
    ).toBeInTheDocument()
  })

  it('says the cabin was not found for an unknown cabin', async () => {
    mockCabinApi()
    renderApp('/cabin/no-existe/fotos')

    expect(
      await screen.findByRole('heading', { level: 1, name: 'La cabaña no fue encontrada' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/')
  })
})
