// `/admin/company/company/settings`: one record, no list: read with get-settings, saved with
// save-settings, through the same form as every area; the seller on invoices (NIP and address) as one
// fieldset.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Resolver } from 'react-hook-form';
import { useIntl } from 'react-intl';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import type { FormValues } from '../lib/area';
import { SELLER_FIELDSET, SETTINGS_FIELDS, settingsInput, settingsSchema, settingsValues, type SettingsValues } from '../lib/settings-form';
import { areaTitles } from '../messages/area-titles';
import { common } from '../messages/common-messages';

import { AdminPage } from './admin-page';
import { LoadFailed } from './load-failed';
import { RecordForm } from './record-form';

type Settings = ApiSchema<'SettingsView'>;
const KEY = ['admin', 'company/company', 'settings'];
const resolver = zodResolver(settingsSchema) as unknown as Resolver<FormValues>;

export function SettingsScreen() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => dataOf<{ settings: Settings }>(await apiClient.get('company/company/get-settings', { signal, toast: false })).settings,
    staleTime: 0,
  });
  return (
    <AdminPage title={intl.formatMessage(areaTitles.settings)}>
      {query.isPending ? <p role="status">{intl.formatMessage(common.loading)}</p> : null}
      {query.isError ? <LoadFailed error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <RecordForm
          fields={SETTINGS_FIELDS}
          fieldsets={[SELLER_FIELDSET]}
          resolver={resolver}
          defaultValues={settingsValues(query.data)}
          editing
          save={async (values) => {
            const saved = dataOf<{ settings: Settings }>(
              await apiClient.post('company/company/save-settings', { body: settingsInput(values as SettingsValues), toast: false }),
            ).settings;
            queryClient.setQueryData(KEY, saved);
            // The site's footer reads the public settings: show the new texts there too.
            await queryClient.invalidateQueries({ queryKey: ['company', 'public-settings'] });
            return settingsValues(saved);
          }}
        />
      ) : null}
    </AdminPage>
  );
}
