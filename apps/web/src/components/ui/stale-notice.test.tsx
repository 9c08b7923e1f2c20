import {
  defaultScheduler,
  notifyManager,
  onlineManager,
  QueryClient,
  QueryClientProvider,
  useQuery,
} from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { ApiError } from '../../lib/api-client'
import { must } from '../../test/must'
import { ageLabel, StaleNotice, staleNoticeTexts } from './stale-notice'

describe('ageLabel', () => {
  it.each([
    [0, 'hace un momento'],
    [59_999, 'hace un momento'],
    [60_000, 'hace 1 minuto'],
    [59 * 60_000, 'hace 59 minutos'],
    [60 * 60_000, 'hace 1 hora'],
    [23 * 3_600_000 + 59 * 60_000, 'hace 23 horas'],
    [24 * 3_600_000, 'hace 1 día'],
    [3 * 24 * 3_600_000, 'hace 3 días'],
  ])('says %i ms as %s', (ageMs, label) => {
    expect(ageLabel(ageMs)).toBe(label)
  })
})

/** A screen's query, first answered with a cabin's name, then as the test says, with the notice above its data. */
function renderNotice(held?: string) {
  const answers: (() => Promise<string>)[] = [async () => 'Cabaña Los Pinos']
  const queryFn = vi.fn(() => must(answers.shift(), 'an answer for the query')())
  function Screen() {
    const query = useQuery({ queryKey: ['thing'], queryFn, retry: false })
    return (
      <>
        <StaleNotice query={query} held={held} />
        <p>{query.data}</p>
        <input aria-label="Nota" />
      </>
    )
  }
  const client = new QueryClient()
  render(
    <QueryClientProvider client={client}>
      <Screen />
    </QueryClientProvider>,
  )
  return {
    queryFn,
    answer: (next: () => Promise<string>) => answers.push(next),
    refresh: () => act(() => client.refetchQueries({ queryKey: ['thing'] })),
    state: () => client.getQueryState(['thing']),
  }
}

const offline = () => Promise.reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Sin red' }))
const age = /Lo que ves es de hace un momento y puede haber cambiado/

/** The screen once its data is shown and a refresh of it has failed: the notice is up. */
async function renderStaleNotice() {
  const page = renderNotice()
  await screen.findByText('Cabaña Los Pinos')
  page.answer(offline)
  await page.refresh()
  await screen.findByText(age)
  return page
}

describe('StaleNotice', () => {
  it('says nothing while the data is fresh, then how old it is once a refresh fails in passing', async () => {
    const page = renderNotice('Para cancelar, primero toca «Reintentar».')
    expect(await screen.findByText('Cabaña Los Pinos')).toBeInTheDocument()
    // The live region is there from the start, empty: one inserted with its text may go unannounced.
    expect(screen.getByRole('status')).toBeEmptyDOMElement()

    page.answer(offline)
    await page.refresh()

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(`${staleNoticeTexts.title}.`))
    expect(
      screen.getByText(
        'Lo que ves es de hace un momento y puede haber cambiado. Para cancelar, primero toca «Reintentar».',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Cabaña Los Pinos')).toBeInTheDocument()
  })

  it('says it too when the refresh waits for the connection (the browser is offline: no error comes)', async () => {
    const page = renderNotice()
    await screen.findByText('Cabaña Los Pinos')
    onlineManager.setOnline(false)
    onTestFinished(() => onlineManager.setOnline(true))

    page.answer(async () => 'Cabaña Los Pinos, renovada')
    // A fetch paused from its start does not hold refetchQueries back.
    await page.refresh()

    expect(await screen.findByText(age)).toBeInTheDocument()
    expect(page.state()).toMatchObject({ status: 'success', fetchStatus: 'paused' })
    expect(page.queryFn).toHaveBeenCalledTimes(1)

    // Back online, the paused refresh goes on and the notice goes.
    act(() => onlineManager.setOnline(true))
    expect(await screen.findByText('Cabaña Los Pinos, renovada')).toBeInTheDocument()
    expect(screen.queryByText(age)).not.toBeInTheDocument()
  })

  it("reads again with 'Reintentar', and goes once a refresh succeeds", async () => {
    const user = userEvent.setup()
    const page = await renderStaleNotice()

    page.answer(async () => 'Cabaña Los Pinos, renovada')
    await user.click(screen.getByRole('button', { name: staleNoticeTexts.retry }))

    expect(await screen.findByText('Cabaña Los Pinos, renovada')).toBeInTheDocument()
    expect(screen.queryByText(age)).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
    expect(page.queryFn).toHaveBeenCalledTimes(3)
    // The button had the focus: it goes to a confirmation in its place, not to the page's start.
    await waitFor(() => expect(screen.getByText(staleNoticeTexts.refreshed)).toHaveFocus())

    // The confirmation leaves with the focus.
    await user.tab()
    expect(screen.getByRole('textbox', { name: 'Nota' })).toHaveFocus()
    expect(screen.queryByText(staleNoticeTexts.refreshed)).not.toBeInTheDocument()
  })

  it("confirms a refresh whose promise settles before the screen renders the new data (a busy browser's order)", async () => {
    // The query tells the screen of its new data in a later task than the one in which the refresh's own
    // promise settles: the notice renders once more with the failed query the refresh replaced. On a
    // loaded machine that order came by itself, and the confirmation was dropped as "stale again".
    notifyManager.setScheduler((notify) => setTimeout(notify, 30))
    onTestFinished(() => notifyManager.setScheduler(defaultScheduler))
    const user = userEvent.setup()
    const page = await renderStaleNotice()

    page.answer(async () => 'Cabaña Los Pinos, renovada')
    await user.click(screen.getByRole('button', { name: staleNoticeTexts.retry }))

    expect(await screen.findByText('Cabaña Los Pinos, renovada')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByText(staleNoticeTexts.refreshed)).toHaveFocus())
    expect(screen.queryByText(age)).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })

  it('drops the confirmation when the screen turns to another query whose data is stale', async () => {
    // Back to another cabin from the keyboard: the focus stays on the confirmation (no blur), and the
    // query now on screen failed a refresh of data older than the confirmed one.
    const client = new QueryClient()
    client.setQueryData(['cabin', 'roble'], 'Cabaña El Roble', { updatedAt: Date.now() - 120_000 })
    await client.fetchQuery({ queryKey: ['cabin', 'roble'], queryFn: offline }).catch(() => undefined)
    const answers: (() => Promise<string>)[] = [async () => 'Cabaña Los Pinos', offline]
    answers.push(async () => 'Cabaña Los Pinos, renovada')
    let showCabin: (id: string) => void = () => undefined
    function Screen() {
      const [id, setId] = useState('pinos')
      showCabin = setId
      const query = useQuery({
        queryKey: ['cabin', id],
        queryFn: () => must(answers.shift(), 'an answer for the query')(),
        retry: false,
      })
      return (
        <>
          <StaleNotice query={query} />
          <p>{query.data}</p>
        </>
      )
    }
    render(
      <QueryClientProvider client={client}>
        <Screen />
      </QueryClientProvider>,
    )
    await screen.findByText('Cabaña Los Pinos')
    await act(() => client.refetchQueries({ queryKey: ['cabin', 'pinos'] }))
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: staleNoticeTexts.retry }))
    await waitFor(() => expect(screen.getByText(staleNoticeTexts.refreshed)).toHaveFocus())

    act(() => showCabin('roble'))

    expect(await screen.findByText('Cabaña El Roble')).toBeInTheDocument()
    expect(screen.getByText(/Lo que ves es de hace 2 minutos y puede haber cambiado/)).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(`${staleNoticeTexts.title}.`)
    expect(screen.queryByText(staleNoticeTexts.refreshed)).not.toBeInTheDocument()
  })

  it('leaves the focus where the guest put it while the refresh was under way', async () => {
    const user = userEvent.setup()
    const page = await renderStaleNotice()

    let answer: (value: string) => void = () => undefined
    page.answer(() => new Promise((resolve) => (answer = resolve)))
    await user.click(screen.getByRole('button', { name: staleNoticeTexts.retry }))
    await user.click(screen.getByRole('textbox', { name: 'Nota' }))
    await act(async () => answer('Cabaña Los Pinos, renovada'))

    expect(await screen.findByText('Cabaña Los Pinos, renovada')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Nota' })).toHaveFocus()
    expect(screen.queryByText(staleNoticeTexts.refreshed)).not.toBeInTheDocument()
  })

  it('owes nothing once the data goes stale again: a later refresh leaves the focus where it is', async () => {
    const user = userEvent.setup()
    const page = await renderStaleNotice()
    page.answer(async () => 'Cabaña Los Pinos, renovada')
    await user.click(screen.getByRole('button', { name: staleNoticeTexts.retry }))
    await waitFor(() => expect(screen.getByText(staleNoticeTexts.refreshed)).toHaveFocus())

    // A refresh fails while the confirmation has the focus: the notice is back, the confirmation gone.
    page.answer(offline)
    await page.refresh()
    expect(await screen.findByText(age)).toBeInTheDocument()
    expect(screen.queryByText(staleNoticeTexts.refreshed)).not.toBeInTheDocument()

    // The guest types elsewhere; the next refresh that succeeds does not take the focus from them.
    await user.click(screen.getByRole('textbox', { name: 'Nota' }))
    page.answer(async () => 'Cabaña Los Pinos, otra vez')
    await page.refresh()
    expect(await screen.findByText('Cabaña Los Pinos, otra vez')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Nota' })).toHaveFocus()
    expect(screen.queryByText(staleNoticeTexts.refreshed)).not.toBeInTheDocument()
  })

  it('says nothing after a refusal (a 404 is not stale data: the screen shows the refusal)', async () => {
    const page = renderNotice()
    await screen.findByText('Cabaña Los Pinos')
    page.answer(() => Promise.reject(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'No existe' })))
    await page.refresh()

    expect(page.state()).toMatchObject({ status: 'error' })
    expect(screen.queryByText(age)).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })
})
