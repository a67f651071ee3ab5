// The texts of a reservation the customer cancelled, shared by the payment page and the page the
// gateway sends the customer back to (both offer the cancel).
import { defineMessages } from 'react-intl';

/** A reservation the customer cancelled, on the payment page and on the page back from the gateway alike. */
export const cancelledMessages = defineMessages({
  title: {
    id: 'order.payment.cancelledTitle',
    defaultMessage: 'Rezerwacja anulowana',
    description: 'Heading and page title of the payment page once the customer cancelled the reservation',
  },
  text: {
    id: 'order.payment.cancelledText',
    defaultMessage: 'Rezerwacja została anulowana, a miejsca wróciły do sprzedaży. Nic nie zostało pobrane.',
    description: 'Text of the payment page once the customer cancelled the reservation',
  },
});
