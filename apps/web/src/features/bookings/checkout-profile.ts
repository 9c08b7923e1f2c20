import { normalizeMexicanPhone } from '@cabanas/domain/auth'
import { useState } from 'react'
import { z } from 'zod'

/**
 * The signed-in client as the checkout needs it. A stand-in until the accounts work provides a
 * session hook: it reads what that work keeps in local storage (`auth_user`, `auth_token`, spec §4).
 */
export type CheckoutProfile = {
  clientId: string | undefined
  firstName: string
  lastName: string
  email: string
  /** Ten digits: spaces, dashes, plus signs and a leading 52 removed. */
  phone: string
  authToken: string | undefined
}

const StoredUserSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().nullable().optional(),
})

export function readCheckoutProfile(storage: Storage | undefined): CheckoutProfile | null {
  try {
    const text = storage?.getItem('auth_user')
    if (!text) return null
    const user = StoredUserSchema.safeParse(JSON.parse(text))
    if (!user.success) return null
    return {
      clientId: user.data.id === undefined ? undefined : String(user.data.id),
      firstName: user.data.firstName?.trim() ?? '',
      lastName: user.data.lastName?.trim() ?? '',
      email: user.data.email?.trim() ?? '',
      phone: normalizeMexicanPhone(user.data.phone).replace(/\D/g, '').slice(0, 10),
      authToken: storage?.getItem('auth_token') || undefined,
    }
  } catch {
    return null
  }
}

function localStore(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/** Read once, when the checkout opens. */
export function useCheckoutProfile(): CheckoutProfile | null {
  const [profile] = useState(() => readCheckoutProfile(localStore()))
  return profile
}
