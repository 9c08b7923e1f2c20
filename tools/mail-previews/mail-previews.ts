/**
 * Writes every mail, rendered with sample data, as `<dir>/mail-<name>.html` and `.txt` (and its
 * .ics as `mail-<name>-<file>`), to look at them; with `--screenshots`, also
 * `<dir>/mail-<name>-375.png` and `-1024.png` through Debian Chromium, the cabin photo served from
 * apps/api/media, nothing else loaded. Usage:
 *   node --import tsx tools/mail-previews/mail-previews.ts <dir> [--screenshots]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { requireValue } from '@cabanas/domain/shared'
import { chromium } from 'playwright-core'
import { imagePathsFor } from '../../apps/api/src/db/seed-data/images.ts'
import type {
  CabinMailView,
  MailContext,
  RenderedMailWithFiles,
  StayMailView,
} from '../../apps/api/src/features/mail/templates.ts'
import {
  emailChangeRequestedMail,
  passwordResetMail,
  tripLinkMail,
  verifyEmailMail,
  verifyNewEmailMail,
} from '../../apps/api/src/features/mail/templates-account.ts'
import {
  bookingRequestReceivedMail,
  paymentPendingMail,
  paymentSettledMail,
  reservationCancelledMail,
  reservationConfirmedMail,
} from '../../apps/api/src/features/mail/templates-stay.ts'
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs'

const slug = 'mazamitla-cabana-el-pinar'
const cover = requireValue(imagePathsFor(slug)[0], 'the cover of the preview cabin')

const cabin: CabinMailView = {
  id: '6b1f3c2a-8d4e-4f5a-9b6c-7d8e9f0a1b2c',
  name: 'Cabaña El Pinar con chimenea',
  population: 'Mazamitla',
  state: 'Jalisco',
  latitude: 19.9218,
  longitude: -103.0254,
  cancellationPolicy: 'non_refundable',
  cover: { path: cover.preview, alt: cover.alt },
}

const stay: StayMailView = {
  reservationId: '3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
  status: 'active',
  paymentStatus: 'PAID',
  guestFirstName: 'Ximena',
  guestEmail: 'ximena@ejemplo.mx',
  checkIn: '2027-01-01',
  checkOut: '2027-01-03',
  guests: 4,
  nights: 2,
  totalPrice: 7_616_00,
  cabin,
}

export function previewMails(ctx: MailContext): Record<string, RenderedMailWithFiles> {
  const accessToken = 'Zm9vYmFyYmF6cXV4LWVqZW1wbG8tZGUtdG9rZW4'
  return {
    'reserva-confirmada': reservationConfirmedMail(ctx, stay, { accessToken }),
    'pago-en-verificacion': paymentPendingMail(
      ctx,
      { ...stay, status: 'pending', paymentStatus: 'PENDING' },
      { accessToken },
    ),
    'pago-confirmado': paymentSettledMail(ctx, stay, { outcome: 'confirmed' }),
    'pago-no-completado': paymentSettledMail(
      ctx,
      { ...stay, status: 'cancelled', paymentStatus: 'FAILED' },
      { outcome: 'failed' },
    ),
    'reserva-cancelada': reservationCancelledMail(ctx, { ...stay, status: 'cancelled' }),
    'solicitud-recibida': bookingRequestReceivedMail(ctx, {
      bookingRequestId: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      fullName: 'Rita Reyes',
      checkIn: '2027-07-02',
      checkOut: '2027-07-05',
      guests: 2,
      nights: 3,
      totalPrice: 6_050_00,
      cabin,
    }),
    'confirma-tu-correo': verifyEmailMail(ctx, {
      firstName: 'Sofía',
      token: 'dmVyaWZpY2FyLWNvcnJlby1lamVtcGxv',
    }),
    'confirma-tu-nuevo-correo': verifyNewEmailMail(ctx, {
      firstName: 'Sofía',
      token: 'Y2FtYmlhci1jb3JyZW8tZWplbXBsby1kZS10b2tlbg',
    }),
    'cambio-de-correo-solicitado': emailChangeRequestedMail(ctx, {
      firstName: 'Sofía',
      newEmail: 'sofia.nueva@ejemplo.mx',
    }),
    'restablece-tu-contrasena': passwordResetMail(ctx, {
      firstName: 'Sofía',
      token: 'cmVzdGFibGVjZXItY29udHJhc2VuYS1lamVtcGxv',
      minutes: 30,
    }),
    'enlace-de-tu-reserva': tripLinkMail(ctx, stay, { accessToken }),
  }
}

/** Only for screenshots: the origin the sample links and photo use (served from apps/api/media). */
const PREVIEW_ORIGIN = 'http://localhost:3000'
const PREVIEW_FROM = 'Cabañas MX <reservas@cabanas.mx>'
const mediaDir = path.resolve(import.meta.dirname, '../../apps/api/media')

async function screenshot(dir: string, names: string[]) {
  const browser = await chromium.launch(chromiumLaunchOptions())
  try {
    for (const width of [375, 1024]) {
      const page = await browser.newPage({ viewport: { width, height: 800 } })
      await page.route('**/*', (route) => {
        const url = new URL(route.request().url())
        if (url.origin !== PREVIEW_ORIGIN || !url.pathname.startsWith('/media/')) return route.abort()
        const file = path.join(mediaDir, path.normalize(url.pathname.slice('/media/'.length)))
        return route.fulfill({ body: readFileSync(file), contentType: 'image/webp' })
      })
      for (const name of names) {
        await page.setContent(readFileSync(path.join(dir, `${name}.html`), 'utf8'), { waitUntil: 'load' })
        await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true })
      }
      await page.close()
    }
  } finally {
    await browser.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? 'mail-previews')
  mkdirSync(dir, { recursive: true })
  const names: string[] = []
  for (const [name, mail] of Object.entries(
    previewMails({ publicUrl: PREVIEW_ORIGIN, now: new Date(), from: PREVIEW_FROM }),
  )) {
    names.push(`mail-${name}`)
    writeFileSync(path.join(dir, `mail-${name}.html`), mail.html)
    writeFileSync(path.join(dir, `mail-${name}.txt`), `Asunto: ${mail.subject}\n\n${mail.text}`)
    // Named after the mail too: the confirmation's and the cancellation's files share a name.
    for (const file of mail.attachments ?? []) {
      writeFileSync(path.join(dir, `mail-${name}-${file.filename}`), file.content)
    }
  }
  if (process.argv.includes('--screenshots')) await screenshot(dir, names)
  console.log(`${names.length} mails written to ${dir}`)
}
