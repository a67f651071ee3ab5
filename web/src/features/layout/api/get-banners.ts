// GET /api/app/banner/all: the promo banners valid now, newest first (docs/web.md, 'Banners': page 1, 999 per page,
// sort -created_at, valid_from < now < valid_to with now as 'YYYY-MM-DD HH:MM:SS'), with `lang`: the
// server answers each title and text in the page's language (Polish where no translation was written).
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { DEFAULT_LOCALE, type Locale } from '@/i18n/locales';
import { useLocale } from '@/i18n/use-locale';
import { apiClient } from '@/shared/api/client';
import type { ApiSchema } from '@/shared/api/schema';
import { formatApiDateTime } from '@/shared/lib/warsaw-time';

export const bannerSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** Sanitised HTML. */
  text: z.string(),
  link: z.string(),
  /** 'nuxt-link' (in-app) or an anchor target. */
  link_target: z.string(),
  bg_class: z.string(),
  text_class: z.string(),
  /** Seconds a closed banner stays hidden. */
  refresh_time: z.number(),
}) satisfies z.ZodMiniType<Pick<ApiSchema<'Banner'>, 'id' | 'title' | 'text' | 'link' | 'link_target' | 'bg_class' | 'text_class' | 'refresh_time'>>;

export type Banner = z.infer<typeof bannerSchema>;

const responseSchema = z.object({ data: z.object({ models: z.array(bannerSchema) }) });

export const BANNER_PAGE_SIZE = 999;

export function bannerListParams(now: Date, locale: Locale = DEFAULT_LOCALE) {
  const at = formatApiDateTime(now);
  return {
    lang: locale,
    page: 1,
    'per-page': BANNER_PAGE_SIZE,
    sort: '-created_at',
    'filter[valid_from][lt]': at,
    'filter[valid_to][gt]': at,
  };
}

export async function getBanners({
  now = new Date(),
  locale = DEFAULT_LOCALE,
  signal,
}: { now?: Date; locale?: Locale; signal?: AbortSignal } = {}): Promise<Banner[]> {
  // Decoration: a failure shows no banners, no toast.
  const body = await apiClient.get('/app/banner/all', { params: bannerListParams(now, locale), signal, toast: false });
  return responseSchema.parse(body).data.models;
}

/** Keyed by language: switching it asks again (the texts differ), and each language is kept apart. */
export function bannersQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['app', 'banners', locale] as const,
    queryFn: ({ signal }) => getBanners({ locale, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useBanners() {
  return useQuery(bannersQueryOptions(useLocale()));
}
