import type { OperatorPayout } from '@cabanas/domain/payouts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { isApiError } from '../../lib/api-client'
import { endSessionOn401 } from '../../lib/end-session-on-401'
import { type PayoutAction, payOperatorPayout } from './operator.api'
import { operatorKeys } from './operator-keys'
import type { OperatorSession } from './session-props'

/**
 * Pays one host's month. A second call while one is sending is ignored (the ref is set in the same
 * tick as the click, before the pending state re-renders). Success, or a 409 (the month changed or
 * was paid meanwhile), refetches the list.
 */
export function usePayoutAction(
  session: OperatorSession,
  payout: OperatorPayout,
  onPaid: (message: string) => void,
) {
  const queryClient = useQueryClient()
  const isSending = useRef(false)
  const mutation = useMutation({
    mutationFn: (action: PayoutAction) =>
      endSessionOn401(() => payOperatorPayout(session.token, payout, action), session.onUnauthorized),
    onSuccess: (message) => onPaid(message),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: operatorKeys.payouts(session.token) })
      }
    },
    onSettled: (_data, error) => {
      isSending.current = false
      if (!error) void queryClient.invalidateQueries({ queryKey: operatorKeys.payouts(session.token) })
    },
  })
  const send = (action: PayoutAction) => {
    if (isSending.current) return
    isSending.current = true
    mutation.mutate(action)
  }
  return { send, isSending: mutation.isPending, error: mutation.error, reset: mutation.reset }
}
