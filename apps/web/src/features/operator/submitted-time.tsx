import { formatLongDate } from '../../lib/format'
import { timeAgo } from './time-ago'

/** 'hace 3 horas', with the full date on hover; 'Sin enviar' for a listing never submitted. */
export function SubmittedTime({ submittedAt, now }: { submittedAt: string | null; now: Date }) {
  if (!submittedAt) return <span>Sin enviar</span>
  return (
    <time dateTime={submittedAt} title={formatLongDate(submittedAt)}>
      {timeAgo(submittedAt, now)}
    </time>
  )
}
