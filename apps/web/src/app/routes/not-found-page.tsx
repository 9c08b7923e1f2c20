import { House, SearchX } from 'lucide-react'
import { Link } from 'react-router'
import { NotFoundHead } from '../../components/seo/not-found-head'
import { buttonStyles } from '../../components/ui/button'
import { MessagePanel } from '../../components/ui/message-panel'
import { paths } from '../paths'

export function NotFoundPage() {
  return (
    <>
      <NotFoundHead />
      <MessagePanel icon={<SearchX />} title="Oops! Page not found" headingLevel={1} className="sm:py-24">
        <Link to={paths.home()} className={buttonStyles()}>
          <House aria-hidden="true" />
          Volver al inicio
        </Link>
      </MessagePanel>
    </>
  )
}
