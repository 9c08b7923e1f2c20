import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { isSandboxErrorCode, type SandboxErrorCode } from './errors.ts'

/**
 * TEST-ONLY fault knobs (OPENPAY_SANDBOX_FAULTS=true), applied to the next `times` charge creations:
 * - 'delay': wait `delayMs` (default 200), then charge normally;
 * - 'error5xx': answer 503 with an HTML body, no Openpay error object, and charge nothing;
 * - 'error4xx': answer 400 with an HTML body (a proxy refusing the request), and charge nothing;
 * - 'openpay-error': answer Openpay's error object for `errorCode` (default 1000), and charge nothing;
 * - 'timeout': charge and commit, then hold the answer `delayMs` (default: the configured client
 *   timeout + 1 s) or until the client hangs up: the client times out while the charge exists;
 * - 'lose-response': charge and commit, then destroy the socket without answering.
 * The state lives in this process's memory, unlike everything else of the sandbox: with several API
 * processes, set it on the one the test talks to.
 */
export const SandboxFaultSchema = z.object({
  mode: z.enum(['delay', 'error5xx', 'error4xx', 'openpay-error', 'timeout', 'lose-response']),
  times: z.number().int().min(1).max(1000).default(1),
  delayMs: z.number().int().min(0).max(120_000).optional(),
  errorCode: z.number().int().refine(isSandboxErrorCode).optional(),
})
export type SandboxFault = z.infer<typeof SandboxFaultSchema>
export type SandboxFaultMode = SandboxFault['mode']

export type SandboxFaults = {
  set(fault: SandboxFault): void
  clear(): void
  /** The fault for this charge creation, if one is pending (counts it down). */
  take(): { mode: SandboxFaultMode; delayMs: number; errorCode: SandboxErrorCode } | null
}

export function createSandboxFaults({ clientTimeoutMs }: { clientTimeoutMs: number }): SandboxFaults {
  let pending: {
    mode: SandboxFaultMode
    remaining: number
    delayMs: number
    errorCode: SandboxErrorCode
  } | null = null
  return {
    set(fault) {
      const defaultDelay = fault.mode === 'timeout' ? clientTimeoutMs + 1000 : 200
      pending = {
        mode: fault.mode,
        remaining: fault.times,
        delayMs: fault.delayMs ?? defaultDelay,
        errorCode: (fault.errorCode as SandboxErrorCode | undefined) ?? 1000,
      }
    },
    clear() {
      pending = null
    },
    take() {
      if (!pending) return null
      const { mode, delayMs, errorCode } = pending
      pending.remaining -= 1
      if (pending.remaining <= 0) pending = null
      return { mode, delayMs, errorCode }
    },
  }
}

/** Waits `ms`, or less if the client hangs up first (the response's 'close'). */
export function holdResponse(reply: FastifyReply, ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (reply.raw.destroyed) return resolve()
    const done = () => {
      clearTimeout(timer)
      reply.raw.off('close', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    reply.raw.once('close', done)
  })
}
