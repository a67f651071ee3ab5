import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';

import { ADMIN_KEY, deleteRecord, oneQuery, saveRecord } from '../api/admin-data';
import { useAdminHref } from '../lib/admin-path';
import type { Area } from '../lib/area';
import { common } from '../messages/common-messages';

import { AdminPage } from './admin-page';
import { LoadFailed } from './load-failed';
import { RecordForm } from './record-form';

/** `/{area}/{id}` (or `/new`): the record's form, then the area's own sections (stops, prices…). */
export function RecordScreen({ area }: { area: Area }) {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const intl = useIntl();
  const query = useQuery({ ...oneQuery(area.apiPath, id), enabled: !isNew });
  const model = isNew ? undefined : query.data;
  const href = useAdminHref();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, area.apiPath] });

  const title = model ? area.recordTitle(model) : intl.formatMessage(area.newTitle);
  const back = (
    <Link className="button button--secondary" to={href(area.path)}>
      {intl.formatMessage(common.backToList)}
    </Link>
  );

  if (!isNew && query.isPending) {
    return (
      <AdminPage title={intl.formatMessage(common.loading)} actions={back}>
        <p role="status">{intl.formatMessage(common.loading)}</p>
      </AdminPage>
    );
  }
  if (!isNew && query.isError) {
    return (
      <AdminPage title={intl.formatMessage(common.loadFailed)} actions={back}>
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      </AdminPage>
    );
  }

  return (
    <AdminPage title={title} actions={back}>
      <RecordForm
        // A new form for each record (and after a new one is saved and gets its id).
        key={`${area.path}/${id}`}
        fields={area.fields}
        resolver={area.resolver}
        defaultValues={area.toValues(model)}
        editing={!isNew}
        aside={area.aside}
        save={async (values) => {
          const saved = await saveRecord(area.apiPath, model ? area.idOf(model) : undefined, area.toInput(values, model));
          await refresh();
          if (isNew) void navigate(href(`${area.path}/${encodeURIComponent(String(area.idOf(saved)))}`), { replace: true });
          else queryClient.setQueryData(oneQuery(area.apiPath, id).queryKey, saved);
          return area.toValues(saved);
        }}
        remove={
          area.canDelete && model
            ? async () => {
                await deleteRecord(area.apiPath, area.idOf(model));
                await refresh();
                void navigate(href(area.path));
              }
            : undefined
        }
      />
      {model ? area.sections.map((Section, index) => <Section key={index} model={model} />) : null}
    </AdminPage>
  );
}
