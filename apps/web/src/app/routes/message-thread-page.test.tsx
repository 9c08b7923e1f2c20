import type { Client } from '@cabanas/domain/auth'
import { messageMessages, type Thread, type ThreadSummary } from '@cabanas/domain/messages'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderSignedIn } from '../../test/render-app'
import { buildClient } from '../../test/session'

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>

const guest = buildClient({ firstName: 'Ana' })
const host = buildClient({ firstName: 'Lupe', roles: ['host'] })

function open(client: Client, path: string, handle: Handler) {
  return renderSignedIn(client, path, handle)
}

const HOSTILE = '<script>alert(1)</script>\n<img src=x onerror=alert(1)>'

const confirmed: Thread = {
  kind: 'reservation',
  id: 'r-1',
  as: 'guest',
  cabinName: 'Refugio del Lago',
  checkIn: '2026-07-10',
  checkOut: '2026-07-12',
  confirmed: true,
  counterpart: {
    name: 'Cabañas Doña Lupe',
    phone: '+523398765432',
    whatsappUrl: 'https://wa.me/523398765432',
  },
  messages: [
    { id: 'm-1', from: 'guest', body: HOSTILE, createdAt: '2026-06-01T18:00:00.000Z', read: true },
    {
      id: 'm-2',
      from: 'host',
      body: 'Hola Ana,\nsí hay leña.',
      createdAt: '2026-06-01T18:05:00.000Z',
      read: true,
    },
  ],
}

const threadAnswer = (thread: Thread) => jsonResponse({ success: true, data: { thread } })

describe('a thread', () => {
  it('shows messages as text with their line breaks, never as HTML, and the host’s phone and WhatsApp', async () => {
    const { container } = open(guest, '/mensajes/reserva/r-1', (url) =>
      url.pathname === '/api/messages/reservations/r-1' ? threadAnswer(confirmed) : jsonResponse({}, 404),
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Cabañas Doña Lupe' })).toBeInTheDocument()
    const list = screen.getByRole('list', { name: 'Mensajes' })
    const hostile = within(list).getByText(
      (_, element) => element?.tagName === 'P' && element.textContent === HOSTILE,
    )
    expect(hostile.children).toHaveLength(0)
    expect(container.querySelector('script, img[onerror], img[src="x"]')).not.toBeInTheDocument()
    expect(
      within(list).getByText('Hola Ana, sí hay leña.', { normalizer: (text) => text.replace(/\s+/g, ' ') }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '+52 33 9876 5432' })).toHaveAttribute(
      'href',
      'tel:+523398765432',
    )
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      'https://wa.me/523398765432',
    )
  })

  it('shows no contact data before the stay is confirmed, only when it will be shared', async () => {
    const pending: Thread = {
      ...confirmed,
      kind: 'request',
      confirmed: false,
      counterpart: { name: 'Cabañas Doña Lupe', phone: null, whatsappUrl: null },
    }
    open(guest, '/mensajes/solicitud/r-1', (url) =>
      url.pathname === '/api/messages/requests/r-1' ? threadAnswer(pending) : jsonResponse({}, 404),
    )
    expect(
      await screen.findByText(/Los teléfonos se comparten cuando la reserva esté pagada y confirmada/),
    ).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument()
    expect(document.querySelector('a[href^="tel:"]')).not.toBeInTheDocument()
  })

  it('adds a message at once with Ctrl+Enter, then keeps the stored one', async () => {
    const user = userEvent.setup()
    let answer: (response: Response) => void = () => {}
    const { fetchMock } = open(host, '/anfitrion/mensajes/reserva/r-1', (url, init) => {
      if (url.pathname !== '/api/hosts/me/messages/reservations/r-1') return jsonResponse({}, 404)
      if (init?.method === 'POST') return new Promise<Response>((resolve) => (answer = resolve))
      return threadAnswer({ ...confirmed, as: 'host', messages: [] })
    })
    const box = await screen.findByLabelText('Tu mensaje')
    await user.clear(box)
    await user.paste('  Bienvenidos <b>Ana</b>\nLa llave está en la maceta  ')
    expect(screen.getByText('53/2000')).toBeInTheDocument()
    await user.keyboard('{Control>}{Enter}{/Control}')

    const list = await screen.findByRole('list', { name: 'Mensajes' })
    expect(within(list).getByText('Enviando…')).toBeInTheDocument()
    expect(within(list).getByText(/Bienvenidos <b>Ana<\/b>/)).toBeInTheDocument()
    expect(box).toHaveValue('')
    const post = must(
      fetchMock.mock.calls.find(([, init]) => init?.method === 'POST'),
      "fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')",
    )
    expect(JSON.parse(String(must(post[1], 'post[1]').body))).toEqual({
      body: 'Bienvenidos <b>Ana</b>\nLa llave está en la maceta',
    })

    answer(
      jsonResponse(
        {
          success: true,
          message: messageMessages.sent,
          data: {
            masked: false,
            message: {
              id: 'm-9',
              from: 'host',
              body: 'Bienvenidos <b>Ana</b>\nLa llave está en la maceta',
              createdAt: '2026-06-01T19:00:00.000Z',
              read: false,
            },
          },
        },
        201,
      ),
    )
    await waitFor(() => expect(within(list).queryByText('Enviando…')).not.toBeInTheDocument())
    expect(within(list).getByText(/Enviado/)).toBeInTheDocument()
  })

  it('takes a refused message back, says why in Spanish and keeps the text', async () => {
    const user = userEvent.setup()
    open(guest, '/mensajes/reserva/r-1', (_url, init) => {
      if (init?.method === 'POST') {
        return jsonResponse(
          {
            success: false,
            errorType: 'RATE_LIMITED',
            error: messageMessages.tooMany,
            message: messageMessages.tooMany,
          },
          429,
        )
      }
      return threadAnswer({ ...confirmed, messages: [] })
    })
    const box = await screen.findByLabelText('Tu mensaje')
    await user.clear(box)
    await user.type(box, 'Hola otra vez')
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(await screen.findByText(messageMessages.tooMany)).toBeInTheDocument()
    expect(box).toHaveValue('Hola otra vez')
    expect(screen.queryByRole('list', { name: 'Mensajes' })).not.toBeInTheDocument()
  })

  it('refuses an empty message before sending it', async () => {
    const user = userEvent.setup()
    const { fetchMock } = open(guest, '/mensajes/reserva/r-1', () =>
      threadAnswer({ ...confirmed, messages: [] }),
    )
    await user.click(await screen.findByRole('button', { name: 'Enviar' }))
    expect(await screen.findByText(messageMessages.required)).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })

  it('says so when the thread is not theirs', async () => {
    open(guest, '/mensajes/reserva/r-2', () =>
      jsonResponse(
        {
          success: false,
          errorType: 'NOT_FOUND',
          error: messageMessages.threadNotFound,
          message: messageMessages.threadNotFound,
        },
        404,
      ),
    )
    expect(await screen.findByText(messageMessages.threadNotFound)).toBeInTheDocument()
  })
})

describe('Mensajes', () => {
  const summary = (overrides: Partial<ThreadSummary>): ThreadSummary => ({
    kind: 'reservation',
    id: 'r-1',
    as: 'host',
    cabinName: 'Refugio del Lago',
    counterpartName: 'Ana',
    checkIn: '2026-07-10',
    checkOut: '2026-07-12',
    lastMessage: { from: 'guest', body: '¿Hay leña?', createdAt: '2026-06-01T18:00:00.000Z' },
    unread: 2,
    ...overrides,
  })

  it('lists a host’s threads with their guests and their own as a guest, with unread badges', async () => {
    open(host, '/mensajes', (url) =>
      url.pathname === '/api/hosts/me/messages'
        ? jsonResponse({ success: true, data: { threads: [summary({})] } })
        : url.pathname === '/api/messages'
          ? jsonResponse({
              success: true,
              data: {
                threads: [
                  summary({
                    kind: 'request',
                    id: 'q-1',
                    as: 'guest',
                    counterpartName: 'Refugio del Otro',
                    unread: 0,
                    lastMessage: { from: 'guest', body: 'Gracias', createdAt: '2026-06-01T18:00:00.000Z' },
                  }),
                ],
              },
            })
          : jsonResponse({}, 404),
    )
    const withGuests = must(
      (await screen.findByRole('heading', { name: 'Con tus huéspedes' })).closest('section'),
      "(await screen.findByRole('heading', { name: 'Con tus huéspedes' }))...",
    )
    const hostLink = await within(withGuests).findByRole('link', { name: /Ana/ })
    expect(hostLink).toHaveAttribute('href', '/anfitrion/mensajes/reserva/r-1')
    expect(within(hostLink).getByText('2 sin leer')).toBeInTheDocument()
    const asGuest = must(
      screen.getByRole('heading', { name: 'Como huésped' }).closest('section'),
      "screen.getByRole('heading', { name: 'Como huésped' }).closest('sect...",
    )
    const guestLink = await within(asGuest).findByRole('link', { name: /Refugio del Otro/ })
    expect(guestLink).toHaveAttribute('href', '/mensajes/solicitud/q-1')
    expect(within(guestLink).getByText(/Tú:/)).toBeInTheDocument()
    expect(within(guestLink).queryByText(/sin leer/)).not.toBeInTheDocument()
  })
})
