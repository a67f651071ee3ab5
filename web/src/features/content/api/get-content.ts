// GET /api/app/content/get-content?id={slug}&lang=pl|en: a content page by slug (or numeric id), its
// title, keywords and texts in the page's language (Polish where no translation was written); 404 when
// there is none (query-api/src/content/page/handlers.rs).
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { DEFAULT_LOCALE, type Locale } from '@/i18n/locales';
import { useLocale } from '@/i18n/use-locale';
import { apiClient } from '@/shared/api/client';
import type { ApiSchema } from '@/shared/api/schema';

export const contentPageSchema = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  keywords: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  /** Sanitised HTML for the side column; may be empty. */
  side_content: z.string(),
  /** 'default', 'wide' or 'narrow'. */
  template: z.string(),
}) satisfies z.ZodMiniType<Pick<ApiSchema<'PublicContentPage'>, 'id' | 'title' | 'slug' | 'keywords' | 'content' | 'side_content' | 'template'>>;

export type ContentPage = z.infer<typeof contentPageSchema>;

const responseSchema = z.object({ data: contentPageSchema });

/** What a slug may look like (the backend's rule); anything else cannot be a page, so no request. */
export const SLUG_PATTERN = /^[a-z0-9-]{1,100}$/;

export async function getContent(
  slug: string,
  { locale = DEFAULT_LOCALE, signal }: { locale?: Locale; signal?: AbortSignal } = {},
): Promise<ContentPage> {
  // A 404 becomes the not-found page, not a toast; other failures are toasted by the client.
  const body = await apiClient.get('/app/content/get-content', {
    params: { id: slug, lang: locale },
    signal,
    toast: (error) => error.status !== 404,
  });
  return responseSchema.parse(body).data;
}

/** Keyed by language: switching it asks again for the page in the new one. */
export function contentQueryOptions(slug: string, locale: Locale) {
  return queryOptions({
    queryKey: ['app', 'content', slug, locale] as const,
    queryFn: ({ signal }) => getContent(slug, { locale, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useContent(slug: string) {
  return useQuery({ ...contentQueryOptions(slug, useLocale()), enabled: SLUG_PATTERN.test(slug) });
}
