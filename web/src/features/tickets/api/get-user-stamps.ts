// GET /api/course/stamp/user-stamps: the logged-in user's stamp card: stamps collected, how many per
// reward, how many tickets are still needed, the reward's value and the reward coupons earned.
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiClient } from '@/shared/api/client';

const responseSchema = z.object({
  data: z.object({
    stamps: z.int(),
    stamps_per_reward: z.int(),
    needed: z.int(),
    reward_value: z.int(),
    reward_value_formatted: z.optional(z.string()),
    rewards: z.array(z.object({ code: z.string(), value: z.int(), current_value: z.int() })),
  }),
});

export type UserStamps = z.infer<typeof responseSchema>['data'];

export async function getUserStamps({ signal }: { signal?: AbortSignal } = {}): Promise<UserStamps> {
  const body = await apiClient.get('/course/stamp/user-stamps', { signal });
  return responseSchema.parse(body).data;
}

export function useUserStamps() {
  return useQuery({ queryKey: ['stamps', 'mine'], queryFn: ({ signal }) => getUserStamps({ signal }) });
}
