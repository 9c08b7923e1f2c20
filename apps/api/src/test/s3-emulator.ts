import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

/** The credentials s3rver accepts. */
export const S3_EMULATOR_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

/**
 * A real S3 API on a free port of this machine (s3rver: HTTP, SigV4, its objects in a temporary folder),
 * with `bucket` created. `stop()` closes it and removes the folder.
 */
export async function startS3Emulator(bucket: string) {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    async stop() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
