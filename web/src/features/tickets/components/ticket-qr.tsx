import { defineMessages, useIntl } from 'react-intl';

const valueMessages = defineMessages<{ alt: { number: string } }>({
  alt: { id: 'tickets.qrAlt', defaultMessage: 'Kod QR biletu {number}', description: 'Alt text of a ticket QR code' },
});

/** A ticket's QR code: the API's SVG shown as an image (data: URL), never inserted as markup. */
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
