import { useParams } from 'react-router';

import { useContent, SLUG_PATTERN } from '@/features/content/api/get-content';
import { ContentArticle } from '@/features/content/components/content-article';
import { isApiError } from '@/shared/api/api-error';
import { useLoaderWhile } from '@/shared/hooks/use-loader-while';
import { usePageTitle } from '@/shared/hooks/use-page-title';

import { NotFoundPage } from '../errors/not-found-page';

/**
 * A content page from the admin panel: `/{slug}` (docs/web.md, 'Content pages'), and the fixed `/old/nisko-krakow` and
 * `/old/regulamin` (which pass their slug). An unknown slug shows the 404 page.
 */
export function ContentPageRoute({ slug: fixedSlug }: { slug?: string }) {
  const params = useParams();
  const slug = fixedSlug ?? params.slug ?? '';
  const valid = SLUG_PATTERN.test(slug);
  const { data: page, error, isPending } = useContent(slug);
  useLoaderWhile(valid && isPending);

  if (!valid || (isApiError(error) && error.status === 404)) return <NotFoundPage />;
  // Any other failure goes to the route's error page (the client already showed a toast).
  if (error) throw error;
  if (!page) return <div className="page-placeholder" aria-busy="true" />;
  return <ContentPageView page={page} />;
}

function ContentPageView({ page }: { page: Parameters<typeof ContentArticle>[0]['page'] }) {
  usePageTitle(page.title);
  return <ContentArticle page={page} />;
}
