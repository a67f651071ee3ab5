// `/admin/order/order/edit` with no id: a sale at the carrier's office. The same order as the site's
// (`POST /order/order/save` takes the body of `place`, each passenger's name with it) plus how it was paid
// there (cash or the card terminal): the order is paid at once. The price shown is the server's own calculation.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import * as z from 'zod/mini';

import { useFormatters, warsawDate } from '@/i18n/format';
import { isApiError } from '@/shared/api/api-error';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import { ADMIN_KEY } from '../api/admin-data';
import { createSale, reloadOrder } from '../api/orders';
import { adminErrorToast } from '../lib/admin-errors';
import { useAdminHref } from '../lib/admin-path';
import type { FieldDef, FormValues } from '../lib/area';
import { fieldErrorText } from '../lib/field-errors';
import { customerShape, deskContactShape, deskCustomerFields, invoiceChecks, invoiceFields, invoiceShape, invoiceValues, orderFormField, toCustomerInput, toInvoiceInput } from '../lib/order-form';
import { useSaleServices, type Connection, type SaleCourse } from '../lib/sale-services';
import { emptyTrip, saleTickets, tripTickets, type SaleTrip } from '../lib/sale-trip';
import { fieldCheck, text } from '../lib/validation';
import { common } from '../messages/common-messages';
import { SALE_PAYMENT_METHODS, orderTexts, orderValues } from '../messages/order-messages';

import { AdminPage } from './admin-page';
import { FormField } from './form-fields';
import { SaleTripFields } from './sale-trip';

const schema = z
  .object({
    ...customerShape,
    // At the desk a walk-in passenger may give neither: the tickets are printed.
    ...deskContactShape,
    ...invoiceShape,
    consent_statute: z.boolean(),
    consent_gdpr: z.boolean(),
    coupon_code: text(40),
    payment_method: z.enum(['cash', 'card_terminal']),
  })
  .check(
    ...invoiceChecks<z.infer<z.ZodMiniObject<typeof invoiceShape>>>(),
    fieldCheck<{ consent_statute: boolean }>((v) => v.consent_statute, 'consent', 'consent_statute'),
    fieldCheck<{ consent_gdpr: boolean }>((v) => v.consent_gdpr, 'consent', 'consent_gdpr'),
    // Text messages need a number to go to.
    fieldCheck<{ notify_by_sms: boolean; phone: string }>((v) => !v.notify_by_sms || v.phone.trim() !== '', 'required', 'phone'),
  );

type Values = z.infer<typeof schema>;

const resolver = zodResolver(schema) as unknown as Resolver<FormValues>;

const FIELDS: FieldDef[] = [
  ...deskCustomerFields,
  { name: 'consent_statute', label: orderTexts.consentStatute, kind: 'checkbox', wide: true },
  { name: 'consent_gdpr', label: orderTexts.consentGdpr, kind: 'checkbox', wide: true },
];

const PAYMENT_FIELDS: FieldDef[] = [
  { name: 'coupon_code', label: orderTexts.couponCode, kind: 'text' },
  { name: 'payment_method', label: orderTexts.method, kind: 'select', required: true, options: SALE_PAYMENT_METHODS },
];

const DEFAULTS: Values = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  notify_by_sms: false,
  ...invoiceValues(undefined),
  consent_statute: false,
  consent_gdpr: false,
  coupon_code: '',
  payment_method: 'cash',
};

/** What the booking sends of a course: the ids the server reads, and what the search showed. */
function courseOf(connection: Connection): SaleCourse {
  const { course_id, route_id, route_name, from, to, departure_at, arrival_at, duration_minutes, price, seats_available } = connection;
  return { course_id, route_id, route_name, from, to, departure_at, arrival_at, duration_minutes, price, seats_available };
}

/** The sale's field of an API error: the body's `coupon.code` is the form's `coupon_code`. */
function saleField(apiField: string): string {
  return apiField === 'coupon.code' ? 'coupon_code' : orderFormField(apiField);
}

/**
 * The amount to take: the server's price of the trip, less the coupon typed (what is left on it, up to
 * the price, as the order takes it), so the cashier never asks for the price before the coupon.
 */
function SalePrice({ trip, couponCode }: { trip: SaleTrip; couponCode: string }) {
  const intl = useIntl();
  const format = useFormatters();
  const services = useSaleServices();
  const code = couponCode.trim();
  const coupon = useQuery({
    queryKey: [ADMIN_KEY, 'sale', 'coupon', code],
    queryFn: () => services.checkCoupon(code),
    enabled: code !== '',
    retry: false,
  });
  const tickets = tripTickets(trip);
  const input = trip.course && tickets && (!trip.round_trip || trip.back) ? { tickets, course: courseOf(trip.course), courseReturn: trip.back ? courseOf(trip.back) : null } : null;
  const priced = useQuery({
    queryKey: [ADMIN_KEY, 'sale', 'price', input],
    queryFn: () => services.calculateTickets(input as NonNullable<typeof input>),
    enabled: input !== null,
  });
  if (!input || !priced.data) return null;
  const off = code !== '' && coupon.data ? Math.min(coupon.data.value, priced.data.total) : 0;
  return (
    <p className="admin-sale-total" role="status">
      {off > 0
        ? intl.formatMessage(orderValues.saleTotalWithCoupon, { total: format.money(priced.data.total - off), price: format.money(priced.data.total), coupon: format.money(off) })
        : intl.formatMessage(orderValues.saleTotal, { total: format.money(priced.data.total) })}
    </p>
  );
}

export function OfficeSale() {
  const intl = useIntl();
  const id = useId();
  const href = useAdminHref();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [trip, setTrip] = useState<SaleTrip>(() => emptyTrip(warsawDate()));
  const [tripError, setTripError] = useState<string | null>(null);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  // One key per sale: a retried click never sells twice.
  const key = useRef(crypto.randomUUID());
  const form = useForm<FormValues>({ resolver, defaultValues: DEFAULTS });
  const values = useWatch({ control: form.control });
  const visible = [...FIELDS, ...invoiceFields, ...PAYMENT_FIELDS].filter((field) => !field.visibleWhen || field.visibleWhen(values));
  const names = new Set(visible.map((field) => field.name));
  const sale = useMutation({ mutationFn: (body: unknown) => createSale(body, key.current), meta: { loader: true } });

  const onValid = async (form_: FormValues) => {
    const v = form_ as Values;
    // With the passengers' names of a sale of several seats (the price does not depend on them).
    const tickets = saleTickets(trip);
    if (!trip.course || (trip.round_trip && !trip.back) || !tickets) {
      setTripError(intl.formatMessage(trip.course && (!trip.round_trip || trip.back) ? orderTexts.passengersInvalid : orderTexts.courseRequired));
      return;
    }
    setTripError(null);
    setOtherErrors([]);
    const invoice = toInvoiceInput(v);
    const body = {
      course: courseOf(trip.course),
      ...(trip.back ? { courseReturn: courseOf(trip.back) } : {}),
      tickets,
      customer: { ...toCustomerInput(v), notify_by_sms: v.notify_by_sms ? 1 : 0, consent_statute: 1, consent_gdpr: 1, id: null },
      invoice: invoice ? { is_selected: 1, ...invoice } : { is_selected: 0, country: 'PL', vat_number: '', company_name: '', address: '', postal_code: '', city: '' },
      coupon: { code: v.coupon_code.trim() || null },
      payment_method: v.payment_method,
    };
    try {
      const placed = await sale.mutateAsync(body);
      showToast({ type: 'success', message: orderTexts.saleDone });
      // The order's page reads the read model, which has the sale a moment later.
      await reloadOrder(queryClient, placed.order_id, -1);
      void navigate(href(`order/order/${placed.order_id}`));
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.errors.length > 0) {
        const unplaced: string[] = [];
        for (const fieldError of error.errors) {
          const name = saleField(fieldError.field);
          const message = fieldErrorText(intl, fieldError);
          if (names.has(name)) form.setError(name, { type: 'server', message }, { shouldFocus: true });
          else unplaced.push(message);
        }
        setOtherErrors(unplaced);
        showToast({ type: 'danger', message: common.saveFailed });
      } else {
        // 409: the seats went meanwhile; a new key lets the next try be a new sale.
        key.current = crypto.randomUUID();
        showToast(adminErrorToast(error));
      }
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(onValid)(event);

  return (
    <AdminPage
      title={intl.formatMessage(orderTexts.newSale)}
      actions={
        <Link className="button button--secondary" to={href('order/order')}>
          {intl.formatMessage(common.backToList)}
        </Link>
      }
    >
      <FormProvider {...form}>
        <form className="admin-form admin-sale" noValidate onSubmit={submit} aria-describedby={`${id}-intro`}>
          <p id={`${id}-intro`} className="admin-note">{intl.formatMessage(orderTexts.saleIntro)}</p>
          {otherErrors.length > 0 ? (
            <div className="form-error-summary" role="alert">
              <p>{intl.formatMessage(common.formErrors)}</p>
              <ul>
                {otherErrors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <h2 className="admin-subform__title">{intl.formatMessage(orderTexts.trip)}</h2>
          <SaleTripFields trip={trip} onChange={(next) => { setTrip(next); setTripError(null); }} />
          {tripError ? <p className="form-field__error" role="alert">{tripError}</p> : null}
          <SalePrice trip={trip} couponCode={typeof values.coupon_code === 'string' ? values.coupon_code : ''} />
          <h2 className="admin-subform__title">{intl.formatMessage(orderTexts.customer)}</h2>
          <div className="admin-form__grid">
            {visible.filter((field) => FIELDS.includes(field)).map((field) => <FormField key={field.name} field={field} editing={false} />)}
          </div>
          <h2 className="admin-subform__title">{intl.formatMessage(orderTexts.invoiceData)}</h2>
          <div className="admin-form__grid">
            {visible.filter((field) => invoiceFields.includes(field)).map((field) => <FormField key={field.name} field={field} editing={false} />)}
          </div>
          <h2 className="admin-subform__title">{intl.formatMessage(orderTexts.payment)}</h2>
          <div className="admin-form__grid">
            {PAYMENT_FIELDS.map((field) => <FormField key={field.name} field={field} editing={false} />)}
          </div>
          <div className="admin-form__actions">
            <Button type="submit" disabled={sale.isPending}>{intl.formatMessage(orderTexts.sell)}</Button>
          </div>
        </form>
      </FormProvider>
    </AdminPage>
  );
}
