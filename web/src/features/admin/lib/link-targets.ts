import { fields } from '../messages/field-messages';

import type { Option } from './area';

/**
 * Where a link opens, as an office says it: the same tab or a new one. The API stores `nuxt-link`
 * (a page of the site, opened in the same tab without reloading it) or an anchor target; `_self`
 * stays for links saved with it (the same tab, the page loaded anew).
 */
export const LINK_TARGETS: Option[] = [
  { value: 'nuxt-link', label: fields.targetApp },
  { value: '_blank', label: fields.targetNewTab },
  { value: '_self', label: fields.targetSameTabReload },
];

/** A stored target as one of the choices: `_parent` and `_top` (frames, which the site has none of)
 * open in the same tab, as `_self` does; anything unknown is the site's own link. */
export function linkTargetChoice(target: string | null | undefined): string {
  if (target === '_parent' || target === '_top') return '_self';
  return LINK_TARGETS.some((option) => option.value === target) ? (target as string) : 'nuxt-link';
}
