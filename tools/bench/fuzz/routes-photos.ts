import { multipartBody } from '../multipart.ts'
import { type RouteSpec, uuidOf } from './context.ts'

/**
 * Photos (features/photos): uploads as the fuzz host, one or two photos, names and types that lie
 * (mutate.ts breaks the multipart body itself); and the stored files, of the host's photos or of none.
 * Reordering and removing photos are saves of a listing's photos step (routes-listings.ts).
 */
export const PHOTO_ROUTES: RouteSpec[] = [
  {
    method: 'POST',
    url: '/api/photos',
    auth: 'session',
    multipart: (ctx, random) =>
      multipartBody(
        Array.from({ length: random.int(1, 2) }, () => ({
          name: random.pick(['photos', 'file', 'foto[]']),
          filename: random.pick(['IMG_0001.jpg', 'cabaña ñ.HEIC', '../../etc/passwd', 'foto.png', '']),
          contentType: random.pick(['image/jpeg', 'image/heic', 'application/octet-stream', 'text/html']),
          body: ctx.photo ?? Buffer.from([0xff, 0xd8, 0xff]),
        })),
      ),
  },
  {
    method: 'GET',
    url: '/media/photos/:id/:file',
    params: (ctx, random) => ({
      id:
        ctx.host.photoIds.length > 0 && random.chance(0.7) ? random.pick(ctx.host.photoIds) : uuidOf(random),
      file: random.pick(['1.webp', '1-400.webp', '1-card.webp', '1-800.webp', '1-og.jpg', 'upload.json']),
    }),
  },
]
