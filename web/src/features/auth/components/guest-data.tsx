import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';

import { useLoaderWhile } from '@/shared/hooks/use-loader-while';
import { Button } from '@/shared/ui/button';
import { Page } from '@/shared/ui/page';

import { isLinkInvalid, useEraseGuestData, useGuestData } from '../api/guest-data';
import { downloadMyData, type MyData } from '../api/my-data';

import { FormNotice } from './form-notice';
import './guest-data.css';
import { GuestLinkForm } from './guest-link-form';
import { guestPrivacyMessages as m } from './guest-privacy-messages';
import { KeptData } from './kept-data';
import { MyDataView } from './my-data-view';
import { privacyMessages } from './privacy-messages';

/** The question before erasing: what goes, what the law keeps; the focus comes to it when it opens. */
function EraseQuestion({ pending, failed, onErase, onCancel }: { pending: boolean; failed: boolean; onErase: () => void; onCancel: () => void }) {
  const intl = useIntl();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="form-notice guest-data__erase" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {intl.formatMessage(m.eraseHeading)}
      </h2>
      <p>{intl.formatMessage(m.eraseWhat)}</p>
      <p>{intl.formatMessage(privacyMessages.deleteKept)}</p>
      {failed ? (
        <p role="alert" className="form-field__error">
          {intl.formatMessage(m.eraseFailed)}
        </p>
      ) : null}
      <div className="form__actions">
        <Button onClick={onErase} disabled={pending}>
          {intl.formatMessage(m.eraseConfirm)}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {intl.formatMessage(m.cancel)}
        </Button>
      </div>
    </section>
  );
}

function GuestDataView({ data, token }: { data: MyData; token: string }) {
  const intl = useIntl();
  const erase = useEraseGuestData();
  const [asking, setAsking] = useState(false);

  if (erase.isSuccess) {
    return (
      <Page title={intl.formatMessage(m.erased)} width="narrow">
        <KeptData kept={erase.data.kept} />
      </Page>
    );
  }
  if (isLinkInvalid(erase.error)) return <DeadLink />;
  return (
    <Page title={intl.formatMessage(m.pageTitle)} width="narrow" lead={<p>{intl.formatMessage(m.ordersLead)}</p>}>
      <MyDataView
        data={data}
        actions={
          <>
            <Button onClick={() => downloadMyData(data)}>{intl.formatMessage(m.download)}</Button>
            <Button variant="secondary" onClick={() => setAsking(true)} disabled={asking} aria-expanded={asking}>
              {intl.formatMessage(m.erase)}
            </Button>
          </>
        }
      />
      {asking ? (
        <EraseQuestion
          pending={erase.isPending}
          failed={erase.isError}
          onErase={() => erase.mutate(token)}
          onCancel={() => {
            erase.reset();
            setAsking(false);
          }}
        />
      ) : null}
    </Page>
  );
}

/** The link is unknown, used or expired: said so, with the form to ask for a new one. */
function DeadLink() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage(m.pageTitle)} width="narrow">
      <div className="guest-data__dead">
        <FormNotice tone="error">
          <p>{intl.formatMessage(m.linkInvalid)}</p>
        </FormNotice>
      </div>
      <GuestLinkForm />
    </Page>
  );
}

/** `/personal-data?token=…`: the data of the orders a guest placed with the link's e-mail, to read, take
 * as a file, or erase. */
export function GuestData({ token }: { token: string }) {
  const intl = useIntl();
  const query = useGuestData(token);
  useLoaderWhile(query.isPending);

  if (query.data) return <GuestDataView data={query.data} token={token} />;
  if (isLinkInvalid(query.error)) return <DeadLink />;
  return (
    <Page title={intl.formatMessage(m.pageTitle)} width="narrow">
      {query.isError ? (
        <FormNotice tone="error">
          <p>{intl.formatMessage(m.loadFailed)}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {intl.formatMessage(m.retry)}
          </Button>
        </FormNotice>
      ) : null}
    </Page>
  );
}
