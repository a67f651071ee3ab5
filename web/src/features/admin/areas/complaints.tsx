import { COMPLAINTS, type ComplaintRow } from '../api/complaints';
import { ComplaintMoment, ComplaintPage, ComplaintState, ComplaintVia, DaysLeft } from '../components/complaint-page';
import { defineArea } from '../lib/define-area';
import { areaTitles } from '../messages/area-titles';
import { COMPLAINT_STATES, complaintTexts } from '../messages/complaint-messages';

/**
 * Complaints (EU Regulation 181/2011): the nearest deadline first (the server's default order), with
 * filters by state and days left, each saying how it came (online, or filed by the office); one
 * complaint's page (complaint-page.tsx) with its order's history, the response and the answer; and the
 * office's form for a passenger who phoned, wrote or came to the desk (`file`, complaint-office-form.tsx).
 */
export const complaintsArea = defineArea<ComplaintRow, Record<string, never>>({
  path: 'complaint/complaint',
  apiPath: COMPLAINTS,
  title: areaTitles.complaints,
  newTitle: areaTitles.complaints,
  recordTitle: (complaint) => complaint.number,
  idOf: (complaint) => complaint.id,
  defaultSort: 'days_left',
  canCreate: true,
  create: { path: 'file', label: complaintTexts.fileNew },
  columns: [
    { key: 'number', label: complaintTexts.number, sortable: true },
    { key: 'order_number', label: complaintTexts.order, sortable: true },
    { key: 'email', label: complaintTexts.email },
    { key: 'state', label: complaintTexts.state, sortable: true, cell: (complaint) => <ComplaintState state={complaint.state} /> },
    { key: 'days_left', label: complaintTexts.daysLeft, sortable: true, numeric: true, cell: (complaint) => <DaysLeft days={complaint.days_left} /> },
    { key: 'filed_at', label: complaintTexts.filedAt, sortable: true, cell: (complaint) => <ComplaintMoment at={complaint.filed_at} /> },
    { key: 'received_via', label: complaintTexts.filedVia, cell: (complaint) => <ComplaintVia via={complaint.received_via} /> },
  ],
  filters: [
    { field: 'state', op: 'eq', label: complaintTexts.state, kind: 'select', options: COMPLAINT_STATES },
    { field: 'days_left', op: 'lte', label: complaintTexts.daysLeftAtMost },
    { field: 'number', op: 'like', label: complaintTexts.number },
  ],
  record: ComplaintPage,
});
