import { ComplaintFormPage } from '@/features/complaints/components/complaint-form-page';
import { MyComplaintsPage } from '@/features/complaints/components/my-complaints-page';

/** /reklamacje, /en/complaints: the complaint form. */
export function ComplaintsRoute() {
  return <ComplaintFormPage />;
}

/** /user/complaints: the logged-in customer's complaints. */
export function UserComplaintsRoute() {
  return <MyComplaintsPage />;
}
