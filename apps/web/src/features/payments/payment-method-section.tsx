import { CreditCard } from 'lucide-react'
import { FormSection } from '../../components/ui/form-section'
import { AcceptedCardLogos } from './card-brand-logo'
import { BillingFields, CardFields } from './card-fields'

/** Spec §2 checkout: the card (the only method) with the billing data under it. */
export function PaymentMethodSection() {
  return (
    <FormSection title="Método de pago" aside={<AcceptedCardLogos />}>
      <p className="mb-5 flex items-center gap-3 rounded-xl border border-brand-600 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-900">
        <CreditCard aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
        Tarjeta de crédito o débito
      </p>
      <CardFields />
      <div className="mt-6 border-t border-stone-200 pt-6">
        <h3 className="font-semibold text-stone-900">Datos de facturación</h3>
        <p className="mt-1 mb-4 text-sm text-stone-600">Datos de contacto de quien realiza el pago.</p>
        <BillingFields />
      </div>
    </FormSection>
  )
}
