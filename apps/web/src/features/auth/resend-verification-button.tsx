import { requireValue } from '@cabanas/domain/shared'
import { useMutation } from '@tanstack/react-query'
import { LoaderCircle, MailCheck } from 'lucide-react'
import { toast } from 'sonner'
import { Button, type ButtonProps } from '../../components/ui/button'
import { resendVerification } from './auth.api'
import { failureMessage, isSessionRejected } from './auth-errors'
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
      toast.error('Error', {
        description: failureMessage(
          error,
          'No pudimos reenviar el correo de verificación',
          'Ocurrió un error al reenviar el correo de verificación',
        ),
      })
      if (isSessionRejected(error)) expireSession()
    },
  })
  if (!token) return null
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      disabled={resend.isPending}
      onClick={() => resend.mutate()}
    >
      {resend.isPending ? (
        <LoaderCircle aria-hidden="true" className="animate-spin" />
      ) : (
        <MailCheck aria-hidden="true" />
      )}
      {resend.isPending ? 'Enviando...' : 'Reenviar correo de verificación'}
    </Button>
  )
}
