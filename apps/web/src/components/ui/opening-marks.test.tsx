import { render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

/**
 * A dialog or popover opened before its code (Radix's, loaded on first open or at idle) has arrived shows
 * at once that the tap was taken. Each test loads the component afresh with its frame held back until
 * it says so: files of a worker share their modules, and another file may have loaded the frame already.
 */
function holdBack(frame: './dialog-frame' | './popover-frame') {
  let release = () => {}
  const arrived = new Promise<void>((resolve) => {
    release = resolve
  })
  vi.doMock(frame, async () => {
    await arrived
    return vi.importActual(frame)
  })
  return release
}

beforeEach(() => vi.resetModules())
afterEach(() => {
  vi.doUnmock('./dialog-frame')
  vi.doUnmock('./popover-frame')
})

describe('a dialog opened before its code arrived', () => {
  test('shows its overlay and a spinner at once, then the dialog', async () => {
    const release = holdBack('./dialog-frame')
    const { Dialog } = await import('./dialog')
    render(
      <Dialog open onOpenChange={() => {}} title="Fotos de Cabaña El Pinar">
        <p>Foto 1</p>
      </Dialog>,
    )

    const overlay = document.querySelector('[data-opening="overlay"]')
    expect(overlay).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    release()
    expect(await screen.findByRole('dialog', { name: 'Fotos de Cabaña El Pinar' })).toBeInTheDocument()
    expect(document.querySelector('[data-opening]')).not.toBeInTheDocument()
  })
})

describe('a popover opened before its code arrived', () => {
  test('marks its anchor busy at once, and clears the mark when the panel shows', async () => {
    const release = holdBack('./popover-frame')
    const { Popover } = await import('./popover')
    function DatesField() {
      const anchorRef = useRef<HTMLButtonElement>(null)
      return (
        <>
          <button ref={anchorRef} type="button" aria-haspopup="dialog">
            Agregar fechas
          </button>
          <Popover open onOpenChange={() => {}} anchorRef={anchorRef} aria-label="Calendario">
            <p>Diciembre de 2026</p>
          </Popover>
        </>
      )
    }
    render(<DatesField />)

    const anchor = screen.getByRole('button', { name: 'Agregar fechas' })
    expect(anchor).toHaveAttribute('aria-busy', 'true')
    expect(anchor).toHaveAttribute('data-opening', 'trigger')

    release()
    expect(await screen.findByText('Diciembre de 2026')).toBeInTheDocument()
    expect(anchor).not.toHaveAttribute('aria-busy')
    expect(anchor).not.toHaveAttribute('data-opening')
  })
})
