import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockFetch } from '../../test/fetch-mock'
import { renderApp } from '../../test/render-app'

describe('NotFoundPage', () => {
  it('shows the not-found message and a link home for an unknown address', async () => {
    mockFetch(() => new Response(null, { status: 500 }))
    renderApp('/esta-pagina-no-existe')

    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument()
    const homeLink = screen.getByRole('link', { name: 'Volver al inicio' })
    expect(homeLink).toHaveAttribute('href', '/')
  })

  it('keeps the site header and footer around the message', async () => {
    mockFetch(() => new Response(null, { status: 500 }))
    renderApp('/cabins/abc')

    await screen.findByRole('heading', { name: 'Oops! Page not found' })
    expect(screen.getByRole('link', { name: 'Cabañas MX, ir al inicio' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: 'Términos y condiciones' })).toHaveAttribute('href', '/terms')
    expect(screen.getByRole('link', { name: 'Aviso de privacidad' })).toHaveAttribute('href', '/privacy')
    expect(screen.getByText('© 2026 Cabañas MX')).toBeInTheDocument()
  })
})
