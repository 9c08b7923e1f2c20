import { useEffect, useState } from 'react'
import { cx } from '../../lib/cx'

type RotatingMessageProps = {
  messages: readonly string[]
  intervalMs: number
  className?: string
}

/** Shows one message at a time, moving to the next every `intervalMs`. */
export function RotatingMessage({ messages, intervalMs, className }: RotatingMessageProps) {
  const [index, setIndex] = useState(0)

  useEffect(() => {
    if (messages.length < 2) return
    const timer = setInterval(() => setIndex((current) => (current + 1) % messages.length), intervalMs)
    return () => clearInterval(timer)
  }, [messages.length, intervalMs])

  const message = messages[index % messages.length]
  return (
    <p key={index} className={cx('motion-safe:animate-fade-in', className)}>
      {message}
    </p>
  )
}
