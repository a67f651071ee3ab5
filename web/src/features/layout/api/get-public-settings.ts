// GET /api/company/company/get-public-settings?lang=pl|en: the company texts shown in the public
// layout, in the page's language (Polish where no translation was written).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { DEFAULT_LOCALE, type Locale } from '@/i18n/locales';
import { useLocale } from '@/i18n/use-locale';
import { apiClient } from '@/shared/api/client';
import type { ApiSchema } from '@/shared/api/schema';

export const publicSettingsSchema = z.object({
  // HTML written by an admin and sanitised by the backend before it is stored and served.
  page_footer_1: z.pipe(z.nullish(z.string()), z.transform((value) => value ?? '')),
  page_footer_2: z.pipe(z.nullish(z.string()), z.transform((value) => value ?? '')),
}) satisfies z.ZodMiniType<ApiSchema<'PublicSettings'>, unknown>;

const responseSchema = z.object({ data: z.object({ settings: publicSettingsSchema }) });

export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export async function getPublicSettings({
  locale = DEFAULT_LOCALE,
  signal,
}: { locale?: Locale; signal?: AbortSignal } = {}): Promise<PublicSettings> {
  // Decoration only: a failure leaves the footer without texts, no toast.
  const body = await apiClient.get('/company/company/get-public-settings', {
    params: { lang: locale },
    signal,
    toast: false,
  });
  return responseSchema.parse(body).data.settings;
}

/** Keyed by language: switching it asks again for the texts in the new one. */
export function publicSettingsQueryKey(locale: Locale) {
  return ['company', 'public-settings', locale] as const;
}

export function publicSettingsQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: publicSettingsQueryKey(locale),
    queryFn: ({ signal }) => getPublicSettings({ locale, signal }),
    // Edited rarely, in the admin panel; no need to refetch during a visit.
    staleTime: 10 * 60_000,
  });
}

/** The texts in the page's language; after a switch of language the previous ones stay until the new ones arrive. */
export function usePublicSettings() {
  return useQuery({ ...publicSettingsQueryOptions(useLocale()), placeholderData: keepPreviousData });
}
