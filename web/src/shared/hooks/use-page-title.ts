import { useEffect } from 'react';

import { BRAND_NAME } from '@/config/brand';

/** Sets the document title to "{title} | {brand}" (spec §2: titles per route with a brand suffix). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${BRAND_NAME}`;
  }, [title]);
}
