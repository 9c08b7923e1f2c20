/** Spec §2: what the checkout says once the payment went through (the overlay, the status region). */
export const checkoutSuccessTexts = {
  title: '¡Pago exitoso!',
  text: 'Tu reserva ha sido confirmada',
} as const
