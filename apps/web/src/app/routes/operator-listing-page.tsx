import { ArrowLeft } from 'lucide-react'
import { Link, useNavigate, useParams } from 'react-router'
import { buttonStyles } from '../../components/ui/button'
import { ListingReview } from '../../features/operator/listing-review'
import { paths } from '../paths'
import { useOperatorSession } from './operator-layout'

/** '/operador/anuncios/:id': one listing to judge. Approved or returned, the operator goes back to the queue. */
export function OperatorListingPage() {
  const session = useOperatorSession()
  const { id = '' } = useParams()
  const navigate = useNavigate()
  return (
    <>
      <Link
        to={paths.operator()}
        className={buttonStyles({ variant: 'ghost', size: 'sm', className: 'mb-4 -ml-4' })}
      >
        <ArrowLeft aria-hidden="true" />
        Volver a los anuncios
      </Link>
      <ListingReview
        // A fresh review (dialogs, messages) for each listing.
        key={id}
        session={session}
        id={id}
        cabinHref={(cabinId) => paths.cabin(cabinId)}
        onDone={(kind) => {
          if (kind === 'approve' || kind === 'return') void navigate(paths.operator())
        }}
      />
    </>
  )
}
