import { defineMessages } from 'react-intl';

/** What an order history entry is about (its `subject`), in words instead of a stream id. */
export const timelineTexts = defineMessages({
  order: { id: 'admin.timeline.order', defaultMessage: 'Zamówienie', description: 'History entry about the order itself' },
  courseUnknown: { id: 'admin.timeline.courseUnknown', defaultMessage: 'Kurs (usunięty)', description: 'History entry about a course that is no longer in the catalogue' },
  stamps: { id: 'admin.timeline.stamps', defaultMessage: 'Karta pieczątek klienta', description: 'History entry about the customer’s stamp card' },
  refund: { id: 'admin.timeline.refund', defaultMessage: 'Zwrot pieniędzy', description: 'History entry about a refund of money' },
  message: { id: 'admin.timeline.message', defaultMessage: 'Wiadomość do klienta', description: 'History entry about an e-mail or SMS sent to the customer' },
  other: { id: 'admin.timeline.other', defaultMessage: 'Inne', description: 'History entry about something else' },
  subjectTitle: { id: 'admin.timeline.subjectTitle', defaultMessage: 'Czego dotyczy wpis', description: 'Tooltip of the label saying what a history entry is about' },
  details: { id: 'admin.timeline.details', defaultMessage: 'Szczegóły techniczne (dla obsługi systemu)', description: 'Disclosure with the raw recorded event, for IT support' },
});

export const timelineValues = defineMessages<{ course: { departure: string; route: string }; coupon: { code: string } }>({
  course: { id: 'admin.timeline.course', defaultMessage: 'Kurs {departure}, {route}', description: 'History entry about a course: its departure (date and time) and route' },
  coupon: { id: 'admin.timeline.coupon', defaultMessage: 'Kupon {code}', description: 'History entry about a coupon, by its code' },
});
