// GET /api/app/banner/all: the promo banners valid now, newest first (spec §7: page 1, 999 per page,
// sort -created_at, valid_from < now < valid_to with now as 'YYYY-MM-DD HH:MM:SS').
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiClient } from '@/shared/api/client';
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
});

export type Banner = z.infer<typeof bannerSchema>;

const responseSchema = z.object({ data: z.object({ models: z.array(bannerSchema) }) });

export const BANNER_PAGE_SIZE = 999;

export function bannerListParams(now: Date) {
  const at = formatApiDateTime(now);
  return {
    page: 1,
    'per-page': BANNER_PAGE_SIZE,
    sort: '-created_at',
    'filter[valid_from][lt]': at,
    'filter[valid_to][gt]': at,
  };
}

export async function getBanners({ now = new Date(), signal }: { now?: Date; signal?: AbortSignal } = {}): Promise<Banner[]> {
  // Decoration: a failure shows no banners, no toast.
  const body = await apiClient.get('/app/banner/all', { params: bannerListParams(now), signal, toast: false });
  return responseSchema.parse(body).data.models;
}

export function bannersQueryOptions() {
  return queryOptions({
    queryKey: ['app', 'banners'] as const,
    queryFn: ({ signal }) => getBanners({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function useBanners() {
  return useQuery(bannersQueryOptions());
}
