import {
  MESSAGE_MAX_LENGTH,
  type PostMessageRequest,
  PostMessageRequestSchema,
} from '@cabanas/domain/messages'
import { zodResolver } from '@hookform/resolvers/zod'
import { SendHorizontal } from 'lucide-react'
import { type KeyboardEvent, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '../../components/ui/alert'
import { BusyButton } from '../../components/ui/busy-button'
import { cx } from '../../lib/cx'

/**
 * The text area of a thread: a counter up to 2000 characters, 'Enviar' or Ctrl+Enter (⌘+Enter) to
 * send, checked with the domain's schema (its Spanish messages). The text area empties at once (the
 * message shows in the thread while it is sent); `onSend` rejects with the refusal's Spanish text,
 * and the text comes back for another try.
 */
export function MessageComposer({
  onSend,
  notice,
}: {
  onSend: (body: string) => Promise<unknown>
  /** A note about the last message sent (its contact data was hidden). */
  notice: string | null
}) {
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<PostMessageRequest>({
    resolver: zodResolver(PostMessageRequestSchema),
    defaultValues: { body: '' },
  })
  const id = useId()
  const length = watch('body').length
  const over = length > MESSAGE_MAX_LENGTH
  const error = errors.body?.message ?? failure

  const send = handleSubmit(async ({ body }) => {
    setFailure(null)
    setValue('body', '')
    try {
      await onSend(body)
    } catch (refusal) {
      setValue('body', body)
      setFailure(
        refusal instanceof Error ? refusal.message : 'No pudimos enviar tu mensaje. Intenta de nuevo.',
      )
    }
  })

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault()
      if (!isSubmitting) void send()
    }
  }

  return (
    <form noValidate onSubmit={send} aria-label="Escribir un mensaje" className="flex flex-col gap-2">
      {notice && (
        <Alert tone="info" role="status">
          {notice}
        </Alert>
      )}
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        Tu mensaje
      </label>
      <textarea
        id={id}
        {...register('body', { onChange: () => setFailure(null) })}
        onKeyDown={onKeyDown}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        placeholder="Escribe tu mensaje…"
        className={cx(
          'min-h-24 w-full resize-y rounded-xl border bg-white px-3.5 py-3 text-base text-stone-900 shadow-xs',
          'placeholder:text-stone-400 focus:ring-4 focus:outline-none',
          error || over
            ? 'border-accent-600 focus:ring-accent-600/15'
            : 'border-stone-300 focus:border-brand-600 focus:ring-brand-600/15',
        )}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-accent-700">
          {error}
        </p>
      )}
      <div className="flex items-center justify-between gap-3">
        <p id={`${id}-help`} className="text-xs text-stone-500">
          <span className={cx('tabular-nums', over && 'font-semibold text-accent-700')}>
            {length}/{MESSAGE_MAX_LENGTH}
          </span>
          <span className="hidden sm:inline"> · Ctrl+Enter para enviar</span>
        </p>
        <BusyButton type="submit" busy={isSubmitting} icon={<SendHorizontal aria-hidden="true" />}>
          Enviar
        </BusyButton>
      </div>
    </form>
  )
}
