/*
 * Shared set-up of the listing route tests (issue 23: features/listings/listings-*.routes.test.ts): the
 * app with its photos and mails in a folder of its own, a host with uploads and an operator, and what a
 * guest finds and is quoted. `useListingsApp()` is called once, at the top of a test file.
 */

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect } from 'vitest'
import { loadConfig } from '../config.ts'
import { createPhotoStorage } from '../features/photos/photo-storage.ts'
import { useTestApp } from './build-test-app.ts'
import { plantPhotos } from './listing-fixtures.ts'
import { type Api, injectApi, insertHost, insertOperator, sessionFor } from './listing-test-kit.ts'

// Today is 2026-06-01 in Mexico City; 2026-07-06 is a Monday.
export const STAY = { checkIn: '2026-07-06', checkOut: '2026-07-08', guests: 2 }

export function useListingsApp() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'listings-routes-'))
  const mailDir = path.join(dataDir, 'mail')
  // Registered before the app's own: after hooks run in reverse, so the folder goes once the app is closed.
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const ctx = useTestApp({
    env: { DATA_DIR: dataDir, MAIL_OUTBOX_DIR: mailDir, PUBLIC_URL: 'https://cabanas.example' },
  })
  const api: Api = (request) => injectApi(ctx.app)(request)
  const storage = createPhotoStorage(loadConfig({ DATA_DIR: dataDir }).storage)
  const session = (clientId: string) => sessionFor(ctx.app.sessionKey, clientId, ctx.clock.now())

  let places = 0
  /** Each test's cabins in a town of their own, so searches see only them. */
  function newPlace() {
    places += 1
    return `Pinar Alto ${places}`
  }

  /** A host with 5 uploads of its own, and an operator. */
  async function world() {
    const host = await insertHost(ctx.db, api, session)
    const operator = await insertOperator(ctx.db, session)
    const photos = await plantPhotos(storage, host.client.id, 5)
    return { host, operator, photos }
  }

  const searchIds = async (location: string) => {
    const query = new URLSearchParams({ ...STAY, guests: String(STAY.guests), location })
    const res = await api({ url: `/cotizar/search?${query}` })
    expect(res.status, res.body).toBe(200)
    return res.json().habitaciones as { _id: string; images: { url: string; preview: string }[] }[]
  }
  const quote = (habitacionId: string) =>
    api({ method: 'POST', url: '/reservas/cotizar', body: { habitacionId, ...STAY } })

  return { ctx, api, storage, mailDir, session, newPlace, world, searchIds, quote }
}
