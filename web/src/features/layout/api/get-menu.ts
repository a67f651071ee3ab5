// GET /api/app/menu/get-menu?type=top|bottom1|bottom2&lang=pl|en: a menu whose `content` is JSON text
// of its items (docs/web.md, 'Menus'), their names in the page's language (Polish where no translation was written).
// Items are {name, link, target, children?}; older data calls the sub-items `items`.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { DEFAULT_LOCALE, type Locale } from '@/i18n/locales';
import { useLocale } from '@/i18n/use-locale';
import { isApiError } from '@/shared/api/api-error';
import { apiClient } from '@/shared/api/client';
import type { ApiSchema } from '@/shared/api/schema';

export type MenuType = 'top' | 'bottom1' | 'bottom2';

/** `target` 'nuxt-link' means an in-app link; anything else is an anchor target (docs/web.md, 'Menus'). */
export const IN_APP_TARGET = 'nuxt-link';

export interface MenuItem {
  name: string;
  link: string;
  target: string;
  items: MenuItem[];
}

export interface Menu {
  name: string;
  type: string;
  items: MenuItem[];
}

const responseSchema = z.object({
  data: z.object({ name: z.string(), type: z.string(), content: z.string() }) satisfies z.ZodMiniType<ApiSchema<'PublicMenu'>>,
});

/** At most two levels (the backend's limit too). */
const MAX_DEPTH = 2;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Items from the JSON text, leniently: anything malformed is left out rather than breaking the page. */
export function parseMenuItems(content: string): MenuItem[] {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return [];
  }
  return toItems(value, 1);
}

function toItems(value: unknown, depth: number): MenuItem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw: unknown): MenuItem[] => {
    if (!raw || typeof raw !== 'object') return [];
    const item = raw as Record<string, unknown>;
    const name = text(item.name);
    if (!name) return [];
    const children = depth < MAX_DEPTH ? toItems(item.children ?? item.items, depth + 1) : [];
    const link = text(item.link);
    if (!link && children.length === 0) return [];
    return [{ name, link, target: text(item.target) || '_self', items: children }];
  });
}

export async function getMenu(
  type: MenuType,
  { locale = DEFAULT_LOCALE, signal }: { locale?: Locale; signal?: AbortSignal } = {},
): Promise<Menu> {
  try {
    // Decoration: a failure leaves the menu empty, no toast.
    const body = await apiClient.get('/app/menu/get-menu', { params: { type, lang: locale }, signal, toast: false });
    const { data } = responseSchema.parse(body);
    return { name: data.name, type: data.type, items: parseMenuItems(data.content) };
  } catch (error) {
    // No menu of this type configured yet: show none.
    if (isApiError(error) && error.status === 404) return { name: '', type, items: [] };
    throw error;
  }
}

/** Keyed by language: switching it asks again for the items' names in the new one. */
export function menuQueryOptions(type: MenuType, locale: Locale) {
  return queryOptions({
    queryKey: ['app', 'menu', type, locale] as const,
    queryFn: ({ signal }) => getMenu(type, { locale, signal }),
    // Edited rarely, in the admin panel.
    staleTime: 10 * 60_000,
  });
}

export function useMenu(type: MenuType) {
  return useQuery(menuQueryOptions(type, useLocale()));
}
