import { requireValue } from '@cabanas/domain/shared'
import { useMutation } from '@tanstack/react-query'
import { MailCheck } from 'lucide-react'
import { toast } from 'sonner'
import { BusyButton } from '../../components/ui/busy-button'
import type { ButtonProps } from '../../components/ui/button'
import { resendVerification } from './auth.api'
import { toastFailure } from './toast-failure'
import { useSession } from './use-session'

type ResendVerificationButtonProps = Pick<ButtonProps, 'variant' | 'size' | 'className'>

/** 'Reenviar correo de verificación': mails the signed-in client a fresh link, and says so in a toast. */
export function ResendVerificationButton({
  variant = 'outline',
  size = 'sm',
  className,
}: ResendVerificationButtonProps) {
  const { token, expireSession } = useSession()
  const resend = useMutation({
    mutationFn: () => resendVerification(requireValue(token, 'the session')),
    onSuccess: (message) => toast.success('Correo enviado', { description: message }),
    onError: (error) => {
      toastFailure(
        error,
        {
          failed: 'No pudimos reenviar el correo de verificación',
          unexpected: 'Ocurrió un error al reenviar el correo de verificación',
        },
        expireSession,
      )
    },
  })
  if (!token) return null
  return (
    <BusyButton
      variant={variant}
      size={size}
      className={className}
      busy={resend.isPending}
      icon={<MailCheck aria-hidden="true" />}
      busyLabel="Enviando..."
      onClick={() => resend.mutate()}
    >
      Reenviar correo de verificación
    </BusyButton>
  )
}
