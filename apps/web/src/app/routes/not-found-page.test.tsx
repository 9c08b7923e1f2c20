import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockFetch } from '../../test/fetch-mock'
import { renderApp } from '../../test/render-app'

describe('NotFoundPage', () => {
  it('shows the not-found message and a link home for an unknown address', async () => {
    mockFetch(() => new Response(null, { status: 500 }))
    renderApp('/esta-pagina-no-existe')

    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeTruthy()
    const homeLink = screen.getByRole('link', { name: 'Volver al inicio' })
    expect(homeLink.getAttribute('href')).toBe('/')
  })

  it('keeps the site header and footer around the message', async () => {
    mockFetch(() => new Response(null, { status: 500 }))
    renderApp('/cabins/abc')

    await screen.findByRole('heading', { name: 'Oops! Page not found' })
    expect(screen.getByRole('link', { name: 'Cabañas MX, ir al inicio' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('link', { name: 'Términos y condiciones' }).getAttribute('href')).toBe('/terms')
    expect(screen.getByRole('link', { name: 'Aviso de privacidad' }).getAttribute('href')).toBe('/privacy')
    expect(screen.getByText('© 2026 Cabañas MX')).toBeTruthy()
  })
})
