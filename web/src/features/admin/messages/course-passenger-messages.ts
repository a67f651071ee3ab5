import { defineMessages } from 'react-intl';

/** The course page's passenger list: every ticket the course carries, with its passenger and order. */
export const coursePassengerTexts = defineMessages({
  title: { id: 'admin.coursePassengers.title', defaultMessage: 'Lista pasażerów', description: 'Heading: the tickets a course carries, with their passengers and orders' },
  ticket: { id: 'admin.coursePassengers.ticket', defaultMessage: 'Bilet', description: 'Column: ticket number' },
  passenger: { id: 'admin.coursePassengers.passenger', defaultMessage: 'Pasażer', description: 'Column: the passenger named on the ticket (else the buyer)' },
  stretch: { id: 'admin.coursePassengers.stretch', defaultMessage: 'Odcinek', description: 'Column: from which stop to which' },
  order: { id: 'admin.coursePassengers.order', defaultMessage: 'Zamówienie', description: 'Column: the order number, a link to the order page' },
  state: { id: 'admin.coursePassengers.state', defaultMessage: 'Stan', description: 'Column: the ticket state' },
  valid: { id: 'admin.coursePassengers.valid', defaultMessage: 'Ważny', description: 'Ticket state: valid' },
  used: { id: 'admin.coursePassengers.used', defaultMessage: 'Wykorzystany', description: 'Ticket state: used (the passenger boarded)' },
  returned: { id: 'admin.coursePassengers.returned', defaultMessage: 'Zwrócony', description: 'Ticket state: returned (not counted as a passenger)' },
  cancelled: { id: 'admin.coursePassengers.cancelled', defaultMessage: 'Anulowany (zamówienie anulowane)', description: 'Ticket state: its order was cancelled (not counted as a passenger)' },
  none: { id: 'admin.coursePassengers.none', defaultMessage: 'Na ten kurs nie sprzedano biletów.', description: 'The course carries no ticket' },
  failed: { id: 'admin.coursePassengers.failed', defaultMessage: 'Nie udało się wczytać listy pasażerów.', description: 'The passenger list could not be read' },
});

export const coursePassengerValues = defineMessages<{ count: { count: number }; stretch: { from: string; to: string } }>({
  count: {
    id: 'admin.coursePassengers.count',
    defaultMessage: 'Pasażerów na kursie: {count} (zwrócone bilety są na liście, ale się nie liczą)',
    description: 'How many passengers the course carries: its valid and used tickets; returned ones are listed but not counted',
  },
  stretch: { id: 'admin.coursePassengers.stretchOf', defaultMessage: '{from} → {to}', description: 'From stop to stop' },
});
