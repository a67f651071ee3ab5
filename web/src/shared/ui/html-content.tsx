import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

interface HtmlContentProps {
  /** HTML sanitised by the backend (admin-edited texts are cleaned when saved and when served). */
  html: string;
  className?: string;
}

/**
 * Renders server HTML. Only for the backend's sanitised fields (content pages, banners, footer texts):
 * never pass anything else here. Links inside to this site's own pages open in-app, without a reload.
 */
export function HtmlContent({ html, className }: HtmlContentProps) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      const anchor = (event.target as Element | null)?.closest('a');
      const href = anchor?.getAttribute('href');
      if (!anchor || !href || !href.startsWith('/') || href.startsWith('//')) return;
      if (anchor.target && anchor.target !== '_self') return;
      event.preventDefault();
      void navigate(href);
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [navigate]);

  return <div ref={ref} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
