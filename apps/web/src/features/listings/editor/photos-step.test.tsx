import { PhotosStepDraftSchema } from '@cabanas/domain/listings'
import { photoMessages, uploadedPhotoPaths } from '@cabanas/domain/photos'
import { act, render, screen, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { must } from '../../../test/must'
import { PhotosStep, type PhotosStepProps } from './photos-step'

const A = '11111111-1111-4111-8111-111111111111'
const B = '22222222-2222-4222-8222-222222222222'
const C = '33333333-3333-4333-8333-333333333333'
const NEW = '44444444-4444-4444-8444-444444444444'

/** XMLHttpRequest as the browser runs it, driven by the test: progress, answer, network failure. */
class FakeXhr {
  static all: FakeXhr[] = []
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: FormData | null = null
  status = 0
  responseText = ''
  timeout = 0
  aborted = false
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  ontimeout: (() => void) | null = null
  onabort: (() => void) | null = null
  constructor() {
    FakeXhr.all.push(this)
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: FormData) {
    this.body = body
  }
  abort() {
    this.aborted = true
    this.onabort?.()
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent))
  }
  /** Answers, then lets the upload's promise settle. */
  async respond(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    await act(async () => this.onload?.())
  }
  async failNetwork() {
    await act(async () => this.onerror?.())
  }
}

/** The upload sent `n`th (from 1). */
const upload = (n: number) => must(FakeXhr.all[n - 1], `upload ${n}`)

function stored(id: string) {
  return { photos: [{ id, width: 1200, height: 800, ...uploadedPhotoPaths(id) }] }
}

/** Sizes the fake decoder reports, by file name; anything else is a 4032 × 3024 phone photo. */
const decodedSizes: Record<string, { width: number; height: number }> = {
  'pequena.jpg': { width: 640, height: 480 },
}

beforeEach(() => {
  FakeXhr.all = []
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async (file: File) => ({
      ...(decodedSizes[file.name] ?? { width: 4032, height: 3024 }),
      close() {},
    })),
  )
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    fillRect() {},
    drawImage() {},
  } as unknown as CanvasRenderingContext2D)
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    done,
  ) {
    done(new Blob([`jpeg ${this.width}x${this.height}`], { type: 'image/jpeg' }))
  })
})

function renderStep(props: Partial<PhotosStepProps> = {}) {
  const onChange = vi.fn()
  const { unmount } = render(
    <PhotosStep
      listingId="listing-1"
      value={{ photos: [{ id: A }, { id: B, alt: 'Recámara' }, { id: C }] }}
      issues={[]}
      readOnly={false}
      token="host-token"
      onChange={onChange}
      {...props}
    />,
  )
  return { onChange, lastValue: () => onChange.mock.lastCall?.[0], unmount }
}

function choose(user: UserEvent, ...names: string[]) {
  const files = names.map((name) => new File(['x'.repeat(5000)], name, { type: 'image/jpeg' }))
  return user.upload(screen.getByLabelText('Agregar fotos'), files)
}

const card = (n: number) =>
  must(
    screen.getAllByRole('listitem').filter((li) => li.dataset.photoIndex === String(n - 1))[0],
    `the card of photo ${n}`,
  )

describe('PhotosStep: uploading', () => {
  it('refuses a photo under 800 × 533 in Spanish without uploading it', async () => {
    const user = userEvent.setup()
    renderStep()
    await choose(user, 'pequena.jpg')
    expect(await screen.findByText(photoMessages.tooSmall({ width: 640, height: 480 }))).toBeInTheDocument()
    expect(FakeXhr.all).toHaveLength(0)
  })

  it('shrinks to 2,400 px, uploads with the Bearer token, shows progress and adds the photo', async () => {
    const user = userEvent.setup()
    const { onChange, lastValue } = renderStep()
    await choose(user, 'IMG_0001.HEIC')
    const progress = await screen.findByRole('progressbar', { name: 'Subiendo IMG_0001.HEIC' })
    await vi.waitFor(() => expect(FakeXhr.all).toHaveLength(1))
    const xhr = upload(1)
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe('/api/photos')
    expect(xhr.headers.Authorization).toBe('Bearer host-token')
    const sent = must(xhr.body, 'the form sent').get('photo') as File
    expect(sent.name).toBe('IMG_0001.jpg')
    expect(sent.type).toBe('image/jpeg')
    expect(await sent.text()).toBe('jpeg 2400x1800')

    xhr.progress(45, 100)
    expect(progress).toHaveAttribute('aria-valuenow', '45')
    expect(screen.getByText('Subiendo… 45 %')).toBeInTheDocument()
    expect(onChange).not.toHaveBeenCalled()

    await xhr.respond(201, stored(NEW))
    expect(lastValue()).toEqual({ photos: [{ id: A }, { id: B, alt: 'Recámara' }, { id: C }, { id: NEW }] })
    expect(PhotosStepDraftSchema.safeParse(lastValue()).success).toBe(true)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(screen.getByText('Sube al menos 5 fotos (llevas 4)')).toBeInTheDocument()
  })

  it('uploads two at a time', async () => {
    const user = userEvent.setup()
    renderStep({ value: undefined })
    await choose(user, 'uno.jpg', 'dos.jpg', 'tres.jpg')
    await vi.waitFor(() => expect(screen.getAllByRole('progressbar')).toHaveLength(3))
    await vi.waitFor(() => expect(FakeXhr.all).toHaveLength(2))
    await vi.waitFor(() => expect(screen.getAllByText('En espera…')).toHaveLength(1))
    await upload(1).respond(201, stored(NEW))
    await vi.waitFor(() => expect(FakeXhr.all).toHaveLength(3))
  })

  it("shows the server's refusal beside the photo and retries it", async () => {
    const user = userEvent.setup()
    const { onChange, lastValue } = renderStep({ value: undefined })
    await choose(user, 'playa.jpg')
    await vi.waitFor(() => expect(FakeXhr.all).toHaveLength(1))
    await upload(1).respond(503, {
      success: false,
      errorType: 'SERVICE_UNAVAILABLE',
      error: photoMessages.busy,
      message: photoMessages.busy,
    })
    expect((await screen.findByRole('alert')).textContent).toBe(photoMessages.busy)
    expect(onChange).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Reintentar playa.jpg' }))
    await vi.waitFor(() => expect(FakeXhr.all).toHaveLength(2))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await upload(2).respond(201, stored(NEW))
    expect(lastValue()).toEqual({ photos: [{ id: NEW }] })
  })

  it('says so in Spanish when the connection drops', async () => {
    const user = userEvent.setup()
    renderStep()
    await choose(user, 'bosque.jpg')
    await vi.waitFor(() => expect(FakeXhr.all).toHaveLength(1))
    await upload(1).failNetwork()
    expect((await screen.findByRole('alert')).textContent).toMatch(/revisa tu conexión/)
    expect(screen.getByRole('button', { name: 'Reintentar bosque.jpg' })).toBeInTheDocument()
  })

  it('cancels an upload', async () => {
    const user = userEvent.setup()
    const { onChange } = renderStep()
    await choose(user, 'lago.jpg')
    await vi.waitFor(() => expect(FakeXhr.all).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Cancelar lago.jpg' }))
    expect(upload(1).aborted).toBe(true)
    expect(screen.queryByText('lago.jpg')).not.toBeInTheDocument()
    expect(onChange).not.toHaveBeenCalled()
  })
})

describe('PhotosStep: previews', () => {
  /** Object URLs as the browser hands them out, with those given back. */
  function trackPreviews() {
    const made: string[] = []
    const freed: string[] = []
    const names = ['createObjectURL', 'revokeObjectURL'] as const
    const before = names.map((name) => Object.getOwnPropertyDescriptor(URL, name))
    Object.defineProperties(URL, {
      createObjectURL: {
        configurable: true,
        value: () => {
          made.push(`blob:preview-${made.length + 1}`)
          return made.at(-1)
        },
      },
      revokeObjectURL: { configurable: true, value: (url: string) => void freed.push(url) },
    })
    onTestFinished(() => {
      names.forEach((name, index) => {
        const descriptor = before[index]
        if (descriptor) Object.defineProperty(URL, name, descriptor)
        else Reflect.deleteProperty(URL, name)
      })
    })
    return { made, freed }
  }

  it('frees the preview of a cancelled upload, and those left when the step closes', async () => {
    const user = userEvent.setup()
    const previews = trackPreviews()
    const { unmount } = renderStep({ value: { photos: [] } })
    await choose(user, 'lago.jpg', 'bosque.jpg', 'terraza.jpg')
    await vi.waitFor(() => expect(previews.made).toHaveLength(3))
    await user.click(screen.getByRole('button', { name: 'Cancelar lago.jpg' }))
    expect(previews.freed).toEqual(['blob:preview-1'])

    unmount()
    expect([...previews.freed].sort()).toEqual([...previews.made].sort())
  })

  it('makes no preview for a photo cancelled while it was being shrunk, and never uploads it', async () => {
    const user = userEvent.setup()
    const previews = trackPreviews()
    let decoded: () => void = () => {}
    vi.mocked(createImageBitmap).mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          decoded = () => resolve({ width: 4032, height: 3024, close() {} } as ImageBitmap)
        }),
    )
    renderStep()
    await choose(user, 'lento.jpg')
    await user.click(await screen.findByRole('button', { name: 'Cancelar lento.jpg' }))
    await act(async () => decoded())

    expect(previews.made).toEqual([])
    expect(FakeXhr.all).toEqual([])
    expect(screen.queryByText('lento.jpg')).not.toBeInTheDocument()
  })
  it('takes no more photos than the maximum over two picks, and says how many it took', async () => {
    const user = userEvent.setup()
    renderStep()
    const names = (prefix: string) => Array.from({ length: 20 }, (_, n) => `${prefix}-${n}.jpg`)
    // 3 photos already, 30 at most: the first pick's 20 are still on their way when the second comes.
    await choose(user, ...names('primera'))
    await choose(user, ...names('segunda'))

    expect(
      await screen.findByText('Puedes tener como máximo 30 fotos: se agregaron solo 7.'),
    ).toBeInTheDocument()
    expect(screen.getAllByText(/^(primera|segunda)-\d+\.jpg$/)).toHaveLength(27)
  })
})

describe('PhotosStep: the list', () => {
  it('counts against the schema minimum', () => {
    renderStep()
    expect(screen.getByText('Sube al menos 5 fotos (llevas 3)')).toBeInTheDocument()
  })

  it('makes another photo the cover', async () => {
    const user = userEvent.setup()
    const { lastValue } = renderStep()
    expect(within(card(1)).getByText('Portada')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Usar como portada la foto 3' }))
    expect(lastValue()).toEqual({ photos: [{ id: C }, { id: A }, { id: B, alt: 'Recámara' }] })
    expect(card(1).dataset.photoId).toBe(C)
    expect(within(card(1)).getByText('Portada')).toBeInTheDocument()
    expect(within(card(2)).queryByText('Portada')).not.toBeInTheDocument()
  })

  it('reorders with the buttons, keeps the focus on the moved photo and announces its place', async () => {
    const user = userEvent.setup()
    const { lastValue } = renderStep()
    expect(screen.getByRole('button', { name: 'Mover antes la foto 1' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Mover después la foto 1' }))
    expect(lastValue()).toEqual({ photos: [{ id: B, alt: 'Recámara' }, { id: A }, { id: C }] })
    expect(screen.getByRole('button', { name: 'Mover después la foto 2' })).toHaveFocus()
    expect(screen.getByText('Foto movida a la posición 2 de 3.')).toHaveAttribute('aria-live', 'polite')

    await user.click(screen.getByRole('button', { name: 'Mover antes la foto 2' }))
    expect(lastValue()).toEqual({ photos: [{ id: A }, { id: B, alt: 'Recámara' }, { id: C }] })
    expect(screen.getByText('Foto movida a la posición 1 de 3: ahora es la portada.')).toBeInTheDocument()
  })

  it('deletes a photo only once confirmed', async () => {
    const user = userEvent.setup()
    const { onChange, lastValue } = renderStep()
    await user.click(screen.getByRole('button', { name: 'Eliminar la foto 2' }))
    expect(onChange).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))
    expect(onChange).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Eliminar la foto 2' }))
    await user.click(screen.getByRole('button', { name: 'Sí, eliminar' }))
    expect(lastValue()).toEqual({ photos: [{ id: A }, { id: C }] })
    expect(screen.getByText('Foto eliminada. Quedan 2 fotos.')).toBeInTheDocument()
  })

  it('writes the alt text trimmed, and none when left blank', async () => {
    const user = userEvent.setup()
    const { lastValue } = renderStep()
    const alt = screen.getByLabelText('Descripción de la foto 1')
    expect(alt).toHaveAttribute('maxlength', '150')
    await user.clear(alt)
    await user.type(alt, 'Terraza con vista al lago ')
    expect(lastValue()).toEqual({
      photos: [{ id: A, alt: 'Terraza con vista al lago' }, { id: B, alt: 'Recámara' }, { id: C }],
    })
    await user.clear(screen.getByLabelText('Descripción de la foto 2'))
    await user.type(screen.getByLabelText('Descripción de la foto 2'), '  ')
    expect(lastValue().photos[1]).toEqual({ id: B })
  })

  it("shows the save's refusal beside the photo's field", () => {
    renderStep({
      issues: [{ path: ['photos', 2, 'alt'], message: 'El campo descripción de la foto no es válido' }],
    })
    const alt = screen.getByLabelText('Descripción de la foto 3')
    expect(alt).toHaveAttribute('aria-invalid', 'true')
    const describedBy = must(alt.getAttribute('aria-describedby'), 'the id of the description’s error')
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'El campo descripción de la foto no es válido',
    )
  })

  it('shows the card-size file of each photo', () => {
    renderStep()
    expect(card(1).querySelector('img')).toHaveAttribute('src', `/media/photos/${A}/1-card.webp`)
  })

  it('read-only shows the photos and no controls', () => {
    renderStep({ readOnly: true })
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Agregar fotos')).not.toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Recámara' })).toBeInTheDocument()
    expect(screen.getByText('Portada')).toBeInTheDocument()
  })
})
