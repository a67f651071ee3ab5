// GET /api/user/user/my-data: everything the carrier holds about the logged-in customer (RODO art. 15
// and 20), for the JSON download and the readable page. A guest's data (personal-data.tsx, by the
// e-mailed link) have the same shape without an account (`account` null).
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiClient } from '@/shared/api/client';
import type { ApiSchema } from '@/shared/api/schema';
import { USER_QUERY_KEY } from '@/shared/auth/get-current-user';

export type MyData = ApiSchema<'MyData'>;

/** The outline is parsed; the rows are shown as the API sends them. */
const responseSchema = z.object({
  data: z.object({
    generated_at: z.string(),
    account: z.optional(z.nullable(z.object({ email: z.string(), first_name: z.string(), last_name: z.string(), phone: z.string() }))),
    orders: z.array(z.unknown()),
    complaints: z.array(z.unknown()),
    messages: z.array(z.unknown()),
  }),
});

/** The `data` of an answer with `MyData`, its outline checked. */
export function myDataOf(body: unknown): MyData {
  responseSchema.parse(body);
  return (body as { data: MyData }).data;
}

export async function getMyData({ signal }: { signal?: AbortSignal } = {}): Promise<MyData> {
  return myDataOf(await apiClient.get('/user/user/my-data', { signal }));
}

export function useMyData() {
  return useQuery({ queryKey: [USER_QUERY_KEY, 'my-data'], queryFn: ({ signal }) => getMyData({ signal }) });
}

/** Saves `data` as `moje-dane-YYYY-MM-DD.json` in the browser's downloads. */
export function downloadMyData(data: MyData) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `moje-dane-${data.generated_at.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
