import { useId, type ReactNode } from 'react';

import { usePageTitle } from '../hooks/use-page-title';

interface PageProps {
  /** The heading, also the document title ("{title} | Nisko Bus"). */
  title: string;
  /** Forms read best in a narrow column. */
  width?: 'narrow' | 'default';
  lead?: ReactNode;
  children: ReactNode;
}

/** A page's frame: one h1 that names the page, and the matching document title (docs/web.md, 'Page titles'). */
export function Page({ title, width = 'default', lead, children }: PageProps) {
  const headingId = useId();
  usePageTitle(title);
  return (
    <section className={`page page--${width}`} aria-labelledby={headingId}>
      <h1 id={headingId} className="page__title">
        {title}
      </h1>
      {lead ? <div className="page__lead">{lead}</div> : null}
      {children}
    </section>
  );
}
