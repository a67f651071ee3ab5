// GET /api/company/company/get-public-settings: the company texts shown in the public layout.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiClient } from '@/shared/api/client';

export const publicSettingsSchema = z.object({
  // HTML written by an admin and sanitised by the backend before it is stored and served.
  page_footer_1: z.pipe(z.nullish(z.string()), z.transform((value) => value ?? '')),
  page_footer_2: z.pipe(z.nullish(z.string()), z.transform((value) => value ?? '')),
});

const responseSchema = z.object({ data: z.object({ settings: publicSettingsSchema }) });

export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export async function getPublicSettings({ signal }: { signal?: AbortSignal } = {}): Promise<PublicSettings> {
  // Decoration only: a failure leaves the footer without texts, no toast.
  const body = await apiClient.get('/company/company/get-public-settings', { signal, toast: false });
  return responseSchema.parse(body).data.settings;
}

export const publicSettingsQueryKey = ['company', 'public-settings'] as const;

export function publicSettingsQueryOptions() {
  return queryOptions({
    queryKey: publicSettingsQueryKey,
    queryFn: ({ signal }) => getPublicSettings({ signal }),
    // Edited rarely, in the admin panel; no need to refetch during a visit.
    staleTime: 10 * 60_000,
  });
}

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions());
}
