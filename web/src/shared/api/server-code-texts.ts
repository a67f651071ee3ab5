// The one table from the server's error codes (docs/errors.md) to what the site says for them (issue 37).
// Every code the backend documents has one entry here, keyed by the code: `text` is what any screen says,
// and `on` what a screen that words the code its own way says instead, for the whole answer or per field
// (`fields`: the search says `field.blank` on `start` as "choose the boarding stop"). A code whose
// message carries numbers (`return.too_late` and its minutes) is said with them where its screen has the
// sentence for it, else without. The sentences themselves are in the code-texts-*.ts catalogues and in
// server-message-texts.ts; server-messages.ts reads the table (src/testing/error-codes.test.ts checks
// that every documented code has an entry, and that every entry's texts are in Polish and in English).
//
// The table and its sentences are a chunk of their own: some 250 Polish sentences would weigh on the
// home page's 150 kB, and a visitor needs them only once an answer is refused. `loadCodeTexts`
// (server-messages.ts) asks for them as the first page renders.
import type { DisplayText } from '../lib/display-text';

import { type CodeEntry, paramOf, type ServerText, withNumbers } from './code-entry';
import { accountTexts } from './code-texts-accounts';
import { orderTexts, orderValueTexts, searchTexts } from './code-texts-booking';
import { documentedTexts } from './code-texts-documented';
import { financeTexts } from './code-texts-finance';
import { nipTexts } from './code-texts-nip';
import { changeTexts, changeValueTexts, choiceTexts, complaintTexts, panelTexts, panelValueTexts, returnTexts, returnValueTexts } from './code-texts-tickets';
import { messages, valueMessages } from './server-message-texts';

/** `seats.not_enough`: how many seats are left, when the answer says. */
const seatsLeft = (text: ServerText): DisplayText => {
  const count = paramOf(text, 'available');
  if (count === 0) return messages.courseNoSeats;
  return count === undefined ? messages.seatsNotEnough : { ...valueMessages.seatsLeft, values: { count } };
};

/** `field.out_of_range`: the bounds the answer carries (either may be missing). */
const outOfRange = (text: ServerText): DisplayText => {
  const min = paramOf(text, 'min');
  const max = paramOf(text, 'max');
  if (min !== undefined && max !== undefined) return { ...valueMessages.fieldRange, values: { min, max } };
  if (max !== undefined) return { ...valueMessages.fieldAtMost, values: { max } };
  if (min !== undefined) return { ...valueMessages.fieldAtLeast, values: { min } };
  return messages.fieldOutOfRange;
};

/** `field.out_of_range` on a price in the panel: its bounds in złoty (the answer's params are grosze). */
const priceRange = (text: ServerText): DisplayText => {
  const min = paramOf(text, 'min');
  const max = paramOf(text, 'max');
  return min !== undefined && max !== undefined ? { ...panelValueTexts.priceRange, values: { min: min / 100, max: max / 100 } } : outOfRange(text);
};

const tooShort = (text: ServerText) => withNumbers(text, ['min'], valueMessages.fieldTooShort, messages.fieldTooShortBare);
const tooLong = (text: ServerText) => withNumbers(text, ['max'], valueMessages.fieldTooLong, messages.fieldTooLongBare);
const passengers = (text: ServerText) => withNumbers(text, ['max'], orderValueTexts.passengers, orderTexts.passengersBare);
const seatsPerOrder = (text: ServerText) => withNumbers(text, ['max'], orderValueTexts.seatsPerOrder, orderTexts.seatsPerOrderBare);
const returnTooLate = (text: ServerText) => withNumbers(text, ['minutes'], returnValueTexts.tooLate, returnTexts.tooLateBare);
const changeTooLate = (text: ServerText) => withNumbers(text, ['minutes'], changeValueTexts.tooLate, changeTexts.tooLateBare);

/** Every documented code, by code, in the order of its name. */
export const CODE_TABLE: Readonly<Record<string, CodeEntry>> = {
  'account.email_link_invalid': { text: documentedTexts.accountEmailLinkInvalid },
  'account.email_read_only': { text: accountTexts.accountEmailReadOnly },
  'account.email_taken': { text: accountTexts.accountEmailTaken },
  'account.not_activated': { text: accountTexts.accountNotActivated },
  'account.not_saved': { text: accountTexts.accountNotSaved },
  'account.registration_failed': { text: accountTexts.accountRegistrationFailed },
  'auth.bad_credentials': { text: accountTexts.authBadCredentials },
  'auth.forbidden': { text: messages.forbidden },
  'auth.required': { text: messages.authRequired },
  'auth.too_many_logins': { text: accountTexts.authTooManyLogins, on: { email: accountTexts.emailTooManyPasswords } },
  'change.costs_more': { text: documentedTexts.changeCostsMore },
  'change.different_route': { text: documentedTexts.changeDifferentRoute, on: { change: changeTexts.otherRoute } },
  'change.different_stops': { text: documentedTexts.changeDifferentStops, on: { change: changeTexts.otherRoute } },
  'change.not_yet_due': { text: documentedTexts.changeNotYetDue },
  'change.nothing_waiting': { text: documentedTexts.changeNothingWaiting },
  'change.pending': { text: documentedTexts.changePending, on: { change: changeTexts.pending } },
  'change.same_course': { text: documentedTexts.changeSameCourse, on: { change: changeTexts.sameCourse } },
  'change.too_late': { text: documentedTexts.changeTooLate, on: { change: changeTooLate } },
  'change.wrong_amount': { text: documentedTexts.changeWrongAmount },
  'check_in.expired': { text: documentedTexts.checkInExpired },
  'check_in.other_course': { text: documentedTexts.checkInOtherCourse },
  'check_in.too_early': { text: documentedTexts.checkInTooEarly },
  'complaint.already_answered': { text: documentedTexts.complaintAlreadyAnswered },
  'complaint.already_decided': { text: documentedTexts.complaintAlreadyDecided },
  'complaint.attachment_not_allowed': { text: documentedTexts.complaintAttachmentNotAllowed, on: { complaint: complaintTexts.fileNotAllowed } },
  'complaint.attachment_too_large': { text: documentedTexts.complaintAttachmentTooLarge, on: { complaint: complaintTexts.fileTooLarge } },
  'complaint.empty_attachment': { text: documentedTexts.complaintEmptyAttachment, on: { complaint: complaintTexts.fileEmpty } },
  'complaint.empty_text': { text: documentedTexts.complaintEmptyText, on: { complaint: complaintTexts.emptyText, panel: panelTexts.emptyAnswer } },
  'complaint.exists': { text: documentedTexts.complaintExists },
  'complaint.not_decided': { text: documentedTexts.complaintNotDecided },
  'complaint.not_found': { text: documentedTexts.complaintNotFound },
  'complaint.text_too_long': { text: documentedTexts.complaintTextTooLong, on: { complaint: complaintTexts.textTooLong } },
  'complaint.too_late': { text: documentedTexts.complaintTooLate, on: { complaint: complaintTexts.tooLate } },
  'complaint.too_many_attachments': { text: documentedTexts.complaintTooManyAttachments, on: { complaint: complaintTexts.tooManyFiles } },
  'complaint.unknown_order': { text: documentedTexts.complaintUnknownOrder, on: { complaint: complaintTexts.unknownOrder } },
  conflict: { on: { panel: panelTexts.conflict } },
  'conflict.changed_meanwhile': { text: messages.changedMeanwhile, on: { panel: panelTexts.changedMeanwhile } },
  'conflict.course_busy': { text: messages.busyCourse },
  'conflict.in_use': { text: documentedTexts.conflictInUse },
  'consent.data_required': { text: documentedTexts.consentDataRequired, on: { order: orderTexts.consentGdpr } },
  'consent.terms_required': { text: documentedTexts.consentTermsRequired, on: { order: orderTexts.consentStatute } },
  'coupon.bad_amount': { text: documentedTexts.couponBadAmount, on: { order: orderTexts.couponUnusable } },
  'coupon.bad_value': { text: documentedTexts.couponBadValue, on: { order: orderTexts.couponUnusable } },
  'coupon.empty_code': { text: documentedTexts.couponEmptyCode, on: { order: orderTexts.couponEmpty } },
  'coupon.exists': { text: documentedTexts.couponExists, on: { order: orderTexts.couponUnusable } },
  'coupon.expired': { text: documentedTexts.couponExpired, on: { order: orderTexts.couponExpired } },
  'coupon.expiry_passed': { text: documentedTexts.couponExpiryPassed },
  'coupon.not_due': { text: documentedTexts.couponNotDue, on: { order: orderTexts.couponUnusable } },
  'coupon.not_found': { text: documentedTexts.couponNotFound, on: { order: orderTexts.couponUnknown } },
  'coupon.not_spent_by_order': { text: documentedTexts.couponNotSpentByOrder, on: { order: orderTexts.couponUnusable } },
  'coupon.used_up': { text: documentedTexts.couponUsedUp, on: { order: orderTexts.couponUsedUp } },
  'course.already_cancelled': { text: documentedTexts.courseAlreadyCancelled },
  'course.arrived': { text: documentedTexts.courseArrived },
  'course.cancelled': { text: documentedTexts.courseCancelled, on: { order: orderTexts.courseCancelled, change: changeTexts.courseCancelled } },
  'course.departure_past': { text: documentedTexts.courseDeparturePast, on: { panel: panelTexts.departurePast } },
  'course.no_price': { text: messages.courseNoPrice },
  'course.not_a_stop': { text: documentedTexts.courseNotAStop },
  'course.not_found': { text: messages.courseUnknown },
  'course.reason_required': { text: documentedTexts.courseReasonRequired },
  'course.sale_closed': { text: messages.courseSaleClosed },
  'course.unknown_stop': { text: messages.courseStops },
  'course.wrong_direction': { text: messages.courseDirection },
  'date.before_start': { text: documentedTexts.dateBeforeStart, on: { search: searchTexts.dateBackBeforeDate } },
  'date.in_past': { text: documentedTexts.dateInPast, on: { search: searchTexts.dateInPast } },
  'discount.not_available': { text: documentedTexts.discountNotAvailable, on: { order: orderTexts.discountUnavailable } },
  'disruption.already_chosen': { text: documentedTexts.disruptionAlreadyChosen, on: { choice: choiceTexts.errorAlreadyChosen } },
  'disruption.choice_closed': { text: documentedTexts.disruptionChoiceClosed, on: { choice: choiceTexts.errorClosed } },
  'disruption.compensation_paid': { text: documentedTexts.disruptionCompensationPaid },
  'disruption.link_invalid': { text: documentedTexts.disruptionLinkInvalid, on: { choice: choiceTexts.invalidTitle } },
  'disruption.no_choice': { text: documentedTexts.disruptionNoChoice, on: { choice: choiceTexts.errorNoChoice } },
  'disruption.no_compensation': { text: documentedTexts.disruptionNoCompensation },
  'disruption.not_an_alternative': { text: documentedTexts.disruptionNotAnAlternative },
  'disruption.not_on_course': { text: documentedTexts.disruptionNotOnCourse },
  'disruption.not_yet_due': { text: documentedTexts.disruptionNotYetDue },
  'field.bad_characters': { text: messages.fieldBadCharacters },
  'field.blank': {
    text: messages.fieldBlank,
    on: {
      search: {
        fields: {
          date: searchTexts.dateRequired,
          dateBack: searchTexts.dateBackRequired,
          start: searchTexts.startRequired,
          end: searchTexts.endRequired,
        },
      },
      order: {
        fields: {
          course: orderTexts.selectTicket,
          courseReturn: orderTexts.selectTicket, 'invoice.country': orderTexts.country,
          '*': orderTexts.required,
        },
      },
      return: returnTexts.selectTicket,
      change: { fields: { course_id: changeTexts.courseRequired, '*': changeTexts.numberRequired } },
    },
  },
  'field.conflict': { text: documentedTexts.fieldConflict },
  'field.invalid': {
    text: documentedTexts.fieldInvalid,
    on: { complaint: { fields: { attachments: complaintTexts.badFile } }, email: { fields: { email: accountTexts.emailSame } } },
  },
  'field.invalid_choice': { text: documentedTexts.fieldInvalidChoice, on: { search: { fields: { tripMode: searchTexts.tripMode } } } },
  'field.invalid_email': { text: messages.fieldNotEmail },
  'field.invalid_phone': { text: messages.fieldNotPhone },
  'field.invalid_postal_code': { text: messages.fieldNotPostalCode },
  'field.invalid_vat_number': { text: messages.fieldNotNip },
  'field.not_boolean': { text: documentedTexts.fieldNotBoolean },
  'field.not_date': {
    text: documentedTexts.fieldNotDate,
    on: {
      search: { fields: { date: searchTexts.dateInvalid, dateBack: searchTexts.dateBackInvalid } },
    },
  },
  'field.not_id': { text: documentedTexts.fieldNotId },
  'field.not_integer': {
    text: documentedTexts.fieldNotInteger,
    on: {
      search: { fields: { start: searchTexts.unknownStop, end: searchTexts.unknownStop } },
    },
  },
  'field.not_number': { text: documentedTexts.fieldNotNumber },
  'field.not_object': { text: documentedTexts.fieldNotObject },
  'field.not_text': { text: messages.fieldNotText },
  'field.out_of_range': {
    text: outOfRange,
    on: {
      search: { fields: { date: searchTexts.dateInvalid, start: searchTexts.unknownStop, end: searchTexts.unknownStop } },
      panel: { fields: { price: priceRange, 'prices.price': priceRange } },
    },
  },
  'field.too_long': { text: tooLong },
  'field.too_short': { text: tooShort },
  'hold.not_found': { text: messages.seatsNoLongerHeld },
  'hold.released': { text: messages.seatsNoLongerHeld },
  'idempotency.in_progress': { text: messages.stillProcessing },
  'idempotency.key_reused': { text: documentedTexts.idempotencyKeyReused, on: { order: orderTexts.keyReused } },
  internal: { text: messages.internal },
  'inventory.already_open': { text: documentedTexts.inventoryAlreadyOpen },
  'inventory.below_taken': { text: documentedTexts.inventoryBelowTaken },
  'inventory.minutes_not_increasing': { text: documentedTexts.inventoryMinutesNotIncreasing },
  'inventory.no_seats': { text: documentedTexts.inventoryNoSeats },
  'inventory.not_open': { text: messages.courseNotOnSale, on: { order: orderTexts.notOnSale } },
  'inventory.repeated_stop': { text: documentedTexts.inventoryRepeatedStop },
  'inventory.too_few_stops': { text: documentedTexts.inventoryTooFewStops },
  'invoice.already_issued': { text: messages.invoiceAlreadyIssued },
  'invoice.below_zero': { text: documentedTexts.invoiceBelowZero },
  'invoice.issued': { text: documentedTexts.invoiceIssued },
  'invoice.not_issued': { text: documentedTexts.invoiceNotIssued },
  'invoice.not_requested': { text: documentedTexts.invoiceNotRequested },
  'invoice.nothing_left': { text: documentedTexts.invoiceNothingLeft },
  'invoice.nothing_to_correct': { text: documentedTexts.invoiceNothingToCorrect },
  'invoice.too_late': { text: messages.invoiceTooLate },
  'jpk.company_incomplete': { text: financeTexts.jpkCompanyIncomplete },
  'jpk.month_before_schema': { text: financeTexts.jpkMonthBeforeSchema },
  'jpk.month_in_future': { text: financeTexts.jpkMonthInFuture },
  'jpk.tax_office_unknown': { text: financeTexts.jpkTaxOfficeUnknown },
  'nip.not_in_register': { text: nipTexts.notInRegister },
  'nip.register_unavailable': { text: nipTexts.registerUnavailable },
  not_found: { text: documentedTexts.notFound, on: { return: returnTexts.notFound, change: changeTexts.notFound } },
  'order.already_paid': { text: documentedTexts.orderAlreadyPaid },
  'order.already_placed': { text: documentedTexts.orderAlreadyPlaced },
  'order.back_before_outbound': { text: documentedTexts.orderBackBeforeOutbound, on: { order: orderTexts.backAfterOutbound } },
  'order.back_price_mismatch': { text: documentedTexts.orderBackPriceMismatch },
  'order.bad_coupon_amount': { text: documentedTexts.orderBadCouponAmount },
  'order.bad_quantity': { text: documentedTexts.orderBadQuantity, on: { order: passengers } },
  'order.cancelled': { text: documentedTexts.orderCancelled },
  'order.duplicate_line': { text: documentedTexts.orderDuplicateLine },
  'order.ended': { text: documentedTexts.orderEnded },
  'order.exists': { text: documentedTexts.orderExists },
  'order.has_account': { text: documentedTexts.orderHasAccount },
  'order.incomplete': { text: documentedTexts.orderIncomplete, on: { order: orderTexts.incomplete } },
  'order.line_total_mismatch': { text: documentedTexts.orderLineTotalMismatch },
  'order.negative_price': { text: documentedTexts.orderNegativePrice },
  'order.no_tickets': { text: documentedTexts.orderNoTickets, on: { order: orderTexts.atLeastOneTicket } },
  'order.not_cancellable': { text: documentedTexts.orderNotCancellable },
  'order.not_found': {
    text: documentedTexts.orderNotFound,
    on: {
      order: orderTexts.noOrder,
      return: returnTexts.notFound,
      change: changeTexts.notFound,
    },
  },
  'order.not_paid': { text: documentedTexts.orderNotPaid, on: { return: returnTexts.notPaid, change: changeTexts.notPaid } },
  'order.not_pending': { text: documentedTexts.orderNotPending, on: { order: orderTexts.notPending } },
  'order.not_yet_due': { text: documentedTexts.orderNotYetDue },
  'order.nothing_to_pay': { text: documentedTexts.orderNothingToPay },
  'order.other_email': { text: documentedTexts.orderOtherEmail },
  'order.to_pay_mismatch': { text: documentedTexts.orderToPayMismatch },
  'order.too_many_passenger_names': { text: documentedTexts.orderTooManyPassengerNames },
  'order.too_many_seats': { text: documentedTexts.orderTooManySeats, on: { order: seatsPerOrder } },
  'order.total_mismatch': { text: documentedTexts.orderTotalMismatch },
  'order.unchanged': { text: documentedTexts.orderUnchanged },
  'order.wrong_legs': { text: documentedTexts.orderWrongLegs },
  'outage.ends_before_start': { text: documentedTexts.outageEndsBeforeStart },
  'page.not_found': { text: accountTexts.pageNotFound },
  'password.not_changed': { text: accountTexts.passwordNotChanged },
  'password.reset_refused': { text: accountTexts.passwordResetRefused },
  'password.wrong_old': { text: accountTexts.passwordWrongOld },
  'payment.amount_mismatch': { text: documentedTexts.paymentAmountMismatch },
  'payment.paid_the_order': { text: documentedTexts.paymentPaidTheOrder },
  'payment.refunded': { text: documentedTexts.paymentRefunded },
  'payment.reheld_mismatch': { text: documentedTexts.paymentReheldMismatch },
  'payment.still_payable': { text: documentedTexts.paymentStillPayable },
  'payment.ticket_count_mismatch': { text: documentedTexts.paymentTicketCountMismatch },
  'phone.not_mobile': { text: documentedTexts.phoneNotMobile },
  'privacy.link_invalid': { text: documentedTexts.privacyLinkInvalid },
  'privacy.not_erasure': { text: documentedTexts.privacyNotErasure, on: { panel: panelTexts.privacyNotErasure } },
  'privacy.request_done': { text: documentedTexts.privacyRequestDone, on: { panel: panelTexts.privacyRequestDone } },
  'privacy.request_not_found': { text: documentedTexts.privacyRequestNotFound, on: { panel: panelTexts.privacyRequestNotFound } },
  rate_limited: { text: documentedTexts.rateLimited },
  'request.invalid': { text: documentedTexts.requestInvalid },
  'request.method_not_allowed': { text: documentedTexts.requestMethodNotAllowed },
  'request.nul_character': { text: documentedTexts.requestNulCharacter, on: { panel: panelTexts.nulCharacter } },
  'request.too_large': { text: documentedTexts.requestTooLarge },
  'reservation.expired': { text: documentedTexts.reservationExpired, on: { order: orderTexts.reservationExpired } },
  'reservation.took_too_long': { text: documentedTexts.reservationTookTooLong, on: { order: orderTexts.tookTooLong } },
  'return.too_late': { text: documentedTexts.returnTooLate, on: { return: returnTooLate } },
  'route.archived': { text: documentedTexts.routeArchived },
  'route.has_courses': { text: messages.routeHasCourses },
  'search.same_stops': { text: documentedTexts.searchSameStops, on: { search: searchTexts.sameStops } },
  'seats.not_enough': { text: seatsLeft, on: { choice: choiceTexts.errorSeats } },
  'stamp_card.bad_reward': { text: documentedTexts.stampCardBadReward },
  'stamp_card.no_stamps_per_reward': { text: documentedTexts.stampCardNoStampsPerReward },
  'stop.not_found': { text: documentedTexts.stopNotFound, on: { search: searchTexts.unknownStop } },
  'ticket.already_changed': { text: documentedTexts.ticketAlreadyChanged, on: { change: changeTexts.alreadyChanged } },
  'ticket.already_returned': {
    text: documentedTexts.ticketAlreadyReturned,
    on: {
      return: returnTexts.alreadyReturned,
      change: changeTexts.returned,
    },
  },
  'ticket.code_required': { text: documentedTexts.ticketCodeRequired, on: { return: returnTexts.codeRequired } },
  'ticket.forged': { text: documentedTexts.ticketForged },
  'ticket.not_found': { text: documentedTexts.ticketNotFound, on: { return: returnTexts.notFound, change: changeTexts.notFound } },
  'ticket.not_owner': { text: documentedTexts.ticketNotOwner, on: { return: returnTexts.notOwner, change: changeTexts.notOwner } },
  'ticket.unreadable': { text: documentedTexts.ticketUnreadable },
  'ticket.used': { text: documentedTexts.ticketUsed, on: { change: changeTexts.used } },
  'ticket.wrong_code': { text: documentedTexts.ticketWrongCode, on: { return: returnTexts.wrong } },
  'till.already_paid_out': { text: financeTexts.tillAlreadyPaidOut },
  'till.day_closed': { text: financeTexts.tillDayClosed },
  'till.future_day': { text: financeTexts.tillFutureDay },
  'till.negative_count': { text: financeTexts.tillNegativeCount },
  'till.not_at_the_desk': { text: financeTexts.tillNotAtTheDesk },
  'till.nothing_to_pay': { text: financeTexts.tillNothingToPay },
  'till.reason_required': { text: financeTexts.tillReasonRequired },
  'till.z_report_invalid': { text: financeTexts.tillZReportInvalid },
  'till.z_report_required': { text: financeTexts.tillZReportRequired },
  'till.zero_amount': { text: financeTexts.tillZeroAmount },
  unavailable: { text: messages.unavailable, on: { email: accountTexts.emailNotSent } },
  validation: { text: documentedTexts.validation, on: { order: orderTexts.correctFields } },
};
