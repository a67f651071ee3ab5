import { defineMessages, useIntl } from 'react-intl';

import './ticket-qr.css';

const valueMessages = defineMessages<{ alt: { number: string } }>({
  alt: { id: 'ui.ticketQr.alt', defaultMessage: 'Kod QR biletu {number}', description: 'Alt text of a ticket QR code' },
});

/**
 * A ticket's QR code. The API sends it as SVG text; it is shown as an image (a data: URL), never put
 * into the page as markup, so nothing in it can run or restyle the page.
 */
export function TicketQr({ svg, number, size = 200 }: { svg: string; number: string; size?: number }) {
  const intl = useIntl();
  return (
    <img
      className="ticket-qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={intl.formatMessage(valueMessages.alt, { number })}
      width={size}
      height={size}
    />
  );
}
