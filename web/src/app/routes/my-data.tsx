import { useIntl } from 'react-intl';

import { useMyData } from '@/features/auth/api/my-data';
import { MyDataView } from '@/features/auth/components/my-data-view';
import { privacyMessages as m } from '@/features/auth/components/privacy-messages';
import { useLoaderWhile } from '@/shared/hooks/use-loader-while';
import { Page } from '@/shared/ui/page';

/** `/user/my-data`: everything held about the logged-in customer, readable and printable (RODO art. 15). */
export function MyDataRoute() {
  const intl = useIntl();
  const { data, error, isPending } = useMyData();
  useLoaderWhile(isPending);
  if (error) throw error;

  return (
    <Page title={intl.formatMessage(m.pageTitle)} width="narrow">
      {data ? <MyDataView data={data} /> : null}
    </Page>
  );
}
