import { useId } from 'react';

import { HtmlContent } from '@/shared/ui/html-content';

import type { ContentPage } from '../api/get-content';

const TEMPLATES = new Set(['default', 'wide', 'narrow']);

/** A content page: its title, the main HTML and, when there is one, the side column (docs/web.md, 'Content pages'). */
export function ContentArticle({ page }: { page: ContentPage }) {
  const headingId = useId();
  const template = TEMPLATES.has(page.template) ? page.template : 'default';
  const side = page.side_content.trim();

  return (
    <article className={`content-page content-page--${template}`} aria-labelledby={headingId}>
      <h1 id={headingId} className="content-page__title">
        {page.title}
      </h1>
      <div className={side ? 'content-page__columns' : undefined}>
        {/* Server HTML, sanitised by the backend when saved and again when served. */}
        <HtmlContent html={page.content} className="content-page__body prose" />
        {side ? (
          <div className="content-page__side prose">
            <HtmlContent html={side} />
          </div>
        ) : null}
      </div>
    </article>
  );
}
