import type { CardBrand } from '@cabanas/domain/payments'
import { cx } from '../../lib/cx'

/** The card brand logos shipped in public/card-brands (spec §1), with the name screen readers hear. */
export const cardBrandLogos = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  maestro: 'Maestro',
  elo: 'Elo',
  hiper: 'Hiper',
  hipercard: 'Hipercard',
  mir: 'Mir',
  unionpay: 'UnionPay',
  alipay: 'Alipay',
  paypal: 'PayPal',
  generic: 'Tarjeta',
} as const
export type CardBrandLogoName = keyof typeof cardBrandLogos

export function cardBrandLogoUrl(name: CardBrandLogoName): string {
  return `/card-brands/${name}.svg`
}

type CardBrandLogoProps = {
  /** A detected brand (the checkout shows Visa, Mastercard, Amex or, when unknown, the generic card). */
  brand: CardBrand | CardBrandLogoName
  className?: string
  /** Decorative when the brand is also written next to it. */
  decorative?: boolean
}

export function CardBrandLogo({ brand, className, decorative = false }: CardBrandLogoProps) {
  const name: CardBrandLogoName = brand === 'unknown' ? 'generic' : brand
  return (
    <img
      src={cardBrandLogoUrl(name)}
      alt={decorative ? '' : cardBrandLogos[name]}
      width={48}
      height={32}
      draggable={false}
      className={cx('h-7 w-auto shrink-0 rounded-[5px] shadow-[0_0_0_1px_rgba(0,0,0,0.08)]', className)}
    />
  )
}

/** The brands the checkout accepts, in a row. */
export function AcceptedCardLogos({ className }: { className?: string }) {
  return (
    <ul aria-label="Tarjetas aceptadas" className={cx('flex items-center gap-1.5', className)}>
      {(['visa', 'mastercard', 'amex'] as const).map((brand) => (
        <li key={brand}>
          <CardBrandLogo brand={brand} className="h-6" />
        </li>
      ))}
    </ul>
  )
}
