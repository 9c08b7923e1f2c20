import { Compass } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonStyles } from '../components/ui/button'
import { MessagePanel } from '../components/ui/message-panel'
import { paths } from './paths'

type PagePlaceholderProps = {
  title: string
  description: string
  icon: ReactNode
}

/** A page whose content arrives in a later issue: its title, one line and a way back to the cabins. */
export function PagePlaceholder({ title, description, icon }: PagePlaceholderProps) {
  return (
    <>
      <title>{`${title} — Cabañas MX`}</title>
      <MessagePanel icon={icon} title={title} description={description} headingLevel={1} className="sm:py-24">
        <Link to={paths.home()} className={buttonStyles()}>
          <Compass aria-hidden="true" />
          Explorar cabañas
        </Link>
      </MessagePanel>
    </>
  )
}
