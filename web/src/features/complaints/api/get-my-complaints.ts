// GET /api/complaint/complaint/my: the logged-in customer's complaints (filed while logged in, and those
// filed as a guest or by the office with the account's e-mail), newest first, with their state,
// deadlines and the carrier's answer.
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

export type Complaint = ApiSchema<'ComplaintView'>;

export const myComplaintsKey = ['complaints', 'my'] as const;

export async function getMyComplaints(): Promise<Complaint[]> {
  const page = dataOf<{ models: Complaint[] }>(await apiClient.get('/complaint/complaint/my', { params: { 'per-page': 100 } }));
  return page.models;
}

export function useMyComplaints() {
  return useQuery({ queryKey: myComplaintsKey, queryFn: getMyComplaints });
}
