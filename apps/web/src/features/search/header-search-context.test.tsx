import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { HeaderSearchProvider } from './header-search-context'
import { useIsBarInView, useOpenPanel } from './use-open-panel'
import { useSearchActions } from './use-search-actions'
import { useSearchDraft } from './use-search-draft'

const renders = { draft: 0, panel: 0, bar: 0, actions: 0 }

function DraftReader() {
  renders.draft += 1
  return <p>Destino: {useSearchDraft().draft.location || '—'}</p>
}

function PanelReader() {
  renders.panel += 1
  return <p>Panel: {useOpenPanel().openPanel ?? '—'}</p>
}

function BarReader() {
  renders.bar += 1
  return <p>Barra: {useIsBarInView() ? 'visible' : 'oculta'}</p>
}

/** Acts on the search without showing it, as the home page does. */
function ActionsOnly() {
  renders.actions += 1
  const { updateDraft, setOpenPanel } = useSearchActions()
  return (
    <>
      <button type="button" onClick={() => setOpenPanel('llegada')}>
        abrir
      </button>
      <button type="button" onClick={() => updateDraft({ location: 'Tapalpa, Jalisco' })}>
        elegir
      </button>
    </>
  )
}

describe('HeaderSearchProvider', () => {
  it('re-renders only the readers of what changed, and never a component that only acts', async () => {
    const user = userEvent.setup()
    render(
      <MemoryRouter>
        <HeaderSearchProvider>
          <DraftReader />
          <PanelReader />
          <BarReader />
          <ActionsOnly />
        </HeaderSearchProvider>
      </MemoryRouter>,
    )
    const start = { ...renders }

    await user.click(screen.getByRole('button', { name: 'abrir' }))
    expect(screen.getByText('Panel: llegada')).toBeInTheDocument()
    expect(renders).toEqual({ ...start, panel: start.panel + 1 })

    await user.click(screen.getByRole('button', { name: 'elegir' }))
    expect(screen.getByText('Destino: Tapalpa, Jalisco')).toBeInTheDocument()
    expect(renders).toEqual({ ...start, panel: start.panel + 1, draft: start.draft + 1 })

    // The same value again changes nothing.
    await user.click(screen.getByRole('button', { name: 'elegir' }))
    await user.click(screen.getByRole('button', { name: 'abrir' }))
    expect(renders).toEqual({ ...start, panel: start.panel + 1, draft: start.draft + 1 })
  })
})
