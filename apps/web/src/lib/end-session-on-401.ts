import { isApiError } from './api-client'

/** Runs `request`; a 401 ends the session first, then the error goes on to the caller. */
export async function endSessionOn401<T>(request: () => Promise<T>, onUnauthorized: () => void): Promise<T> {
  try {
    return await request()
  } catch (error) {
    if (isApiError(error) && error.status === 401) onUnauthorized()
    throw error
  }
}
