// GET /api/course/stamp/user-stamps: the logged-in user's stamp card: stamps collected, how many per
// reward, how many tickets are still needed, the reward's value and the reward coupons earned.
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

export type UserStamps = ApiSchema<'UserStamps'>;

export async function getUserStamps({ signal }: { signal?: AbortSignal } = {}): Promise<UserStamps> {
  const body = await apiClient.get('/course/stamp/user-stamps', { signal });
  return dataOf<UserStamps>(body);
}

export function useUserStamps() {
  return useQuery({ queryKey: ['stamps', 'mine'], queryFn: ({ signal }) => getUserStamps({ signal }) });
}
