import { useEffect } from 'react';

import { BRAND_NAME } from '@/config/brand';

/** Sets the document title to "{title} | {brand}" (docs/web.md, 'Page titles'). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${BRAND_NAME}`;
  }, [title]);
}
