// `/admin/order/order/edit/{id}`: the customer's and invoice data of an order, with the reason the
// change is made (kept with its event). `/admin/order/order/edit` (no id) is the sale at the office.
// `/admin/order/order/invoice/{id}` ("Wystaw fakturę" on the order's invoice card): the same change
// (`PUT /order/order/save`) with the invoice data only, for an order that has none: saved on a paid
// order it issues the invoice at once.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Resolver } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import * as z from 'zod/mini';

import { orderQuery, reloadOrder, saveOrder, type AdminOrder } from '../api/orders';
import { useAdminHref } from '../lib/admin-path';
import type { FieldDef, FormValues } from '../lib/area';
import {
  customerFields,
  deskContactShape,
  deskCustomerFields,
  customerShape,
  customerValues,
  invoiceChecks,
  invoiceFields,
  invoiceShape,
  invoiceValues,
  orderFormField,
  toCustomerInput,
  toInvoiceInput,
} from '../lib/order-form';
import { fieldCheck, requiredText } from '../lib/validation';
import { common } from '../messages/common-messages';
import { deskTexts } from '../messages/desk-messages';
import { orderTexts, orderValues, paidAtOffice } from '../messages/order-messages';

import { AdminPage } from './admin-page';
import { LoadFailed } from './load-failed';
import { OfficeSale } from './office-sale';
import { RecordForm } from './record-form';

const schema = z
  .object({ ...customerShape, ...invoiceShape, reason: requiredText(500) })
  .check(...invoiceChecks<z.infer<z.ZodMiniObject<typeof invoiceShape>>>());

/** An order sold at the desk was sold without an e-mail or a phone perhaps: its edit asks for neither, as
 * its sale did (the server's rule); one that is given is checked by the same rule. */
const deskSchema = z
  .object({ ...customerShape, ...deskContactShape, ...invoiceShape, reason: requiredText(500) })
  .check(
    ...invoiceChecks<z.infer<z.ZodMiniObject<typeof invoiceShape>>>(),
    // Text messages need a number to go to.
    fieldCheck<{ notify_by_sms: boolean; phone: string }>((v) => !v.notify_by_sms || v.phone.trim() !== '', 'required', 'phone'),
  );

/** The invoice asked for after the sale: its data and the reason, nothing of the customer's. */
const invoiceSchema = z
  .object({ ...invoiceShape, reason: requiredText(500) })
  .check(...invoiceChecks<z.infer<z.ZodMiniObject<typeof invoiceShape>>>());

type Values = z.infer<typeof schema>;

const resolver = zodResolver(schema) as unknown as Resolver<FormValues>;
const deskResolver = zodResolver(deskSchema) as unknown as Resolver<FormValues>;
const invoiceResolver = zodResolver(invoiceSchema) as unknown as Resolver<FormValues>;

const reasonField: FieldDef = { name: 'reason', label: orderTexts.changeReason, kind: 'textarea', required: true, wide: true, hint: orderTexts.changeReasonHint };

const FIELDS: FieldDef[] = [...customerFields, ...invoiceFields, reasonField];
// The invoice is what this form is for: its fields at once, no box to tick first.
const INVOICE_FIELDS: FieldDef[] = [...invoiceFields.filter((field) => field.name !== 'invoice_requested'), reasonField];
// The hint says why the contact may stay blank on this order.
const DESK_FIELDS: FieldDef[] = [
  ...deskCustomerFields.map((field) => (field.name === 'email' ? { ...field, hint: deskTexts.contactOptionalEdit } : field)),
  ...invoiceFields,
  reasonField,
];

function valuesOf(order: AdminOrder): Values {
  return { ...customerValues(order), ...invoiceValues(order), reason: '' };
}

/** The customer's details as the form holds them, to tell whether the admin changed any. */
const customerKey = (values: Values) => JSON.stringify(toCustomerInput(values));

export function OrderEditRoute() {
  const { id } = useParams();
  return id ? <OrderEdit id={id} /> : <OfficeSale />;
}

/** "Wystaw fakturę": the invoice after the fact of an order without invoice data. */
export function OrderInvoiceRoute() {
  const { id = '' } = useParams();
  return <OrderEdit id={id} invoiceOnly />;
}

function OrderEdit({ id, invoiceOnly = false }: { id: string; invoiceOnly?: boolean }) {
  const intl = useIntl();
  const href = useAdminHref();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery(orderQuery(id));
  const back = (
    <Link className="button button--secondary" to={href(`order/order/${id}`)}>
      {intl.formatMessage(orderTexts.backToOrder)}
    </Link>
  );
  if (query.isPending || query.isError) {
    return (
      <AdminPage title={intl.formatMessage(query.isPending ? common.loading : common.loadFailed)} actions={back}>
        {query.isPending ? <p role="status">{intl.formatMessage(common.loading)}</p> : <LoadFailed error={query.error} onRetry={() => void query.refetch()} />}
      </AdminPage>
    );
  }
  const order = query.data;
  const issued = (order.invoices ?? []).some((invoice) => invoice.kind === 'VAT') || Boolean(order.invoice?.number);
  // An order with invoice data already (asked for meanwhile) is edited as any other.
  const invoiceForm = invoiceOnly && !order.invoice && !issued;
  // Invoice data given to a paid order without an invoice issue it at once
  // (docs/office.md, 'An admin corrects an order in one command').
  const note = issued
    ? orderTexts.correctionNote
    : order.status === 'paid'
      ? invoiceForm
        ? orderTexts.invoiceNowNote
        : orderTexts.paidNoInvoiceNote
      : orderTexts.beforeInvoiceNote;
  const desk = paidAtOffice(order.payment_method);
  const loaded = customerKey(valuesOf(order));
  const number = order.number ?? order.hash_id;
  return (
    <AdminPage title={intl.formatMessage(invoiceForm ? orderValues.invoiceTitle : orderValues.editTitle, { number })} actions={back}>
      <RecordForm
        key={`${order.id}-${order.version}-${invoiceForm ? 'invoice' : 'edit'}`}
        fields={invoiceForm ? INVOICE_FIELDS : desk ? DESK_FIELDS : FIELDS}
        resolver={invoiceForm ? invoiceResolver : desk ? deskResolver : resolver}
        defaultValues={invoiceForm ? { ...invoiceValues(order), invoice_requested: true, reason: '' } : valuesOf(order)}
        editing
        fieldOf={orderFormField}
        intro={
          <p className={issued ? 'admin-notice' : 'admin-note'}>
            {intl.formatMessage(note)}
          </p>
        }
        save={async (form) => {
          const values = form as Values;
          // Unchanged details are not sent: the save then changes only the invoice data, and the
          // server's contact rule (an e-mail for an order sold online) is not asked of a desk sale.
          // The invoice's own form has no customer's details to send.
          const saved = await saveOrder(order.id, {
            ...(invoiceForm || customerKey(values) === loaded ? {} : { customer: toCustomerInput(values) }),
            invoice: toInvoiceInput(values),
            reason: values.reason.trim(),
          });
          const fresh = await reloadOrder(queryClient, order.id, saved.version - 1);
          void navigate(href(`order/order/${order.id}`));
          return valuesOf(fresh ?? order);
        }}
      />
    </AdminPage>
  );
}
