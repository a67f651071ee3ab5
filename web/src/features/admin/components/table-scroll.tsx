// A wide table's box. On a narrow screen the table scrolls sideways inside it, and a keyboard user must
// be able to scroll it too: so the box takes the focus and is named for what it holds (axe's
// scrollable-region-focusable; a table of plain text has nothing else to focus). The name says it is
// the table, so it is not heard as a second section of the same name.
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';

const texts = defineMessages<{ label: { name: string } }>({
  label: { id: 'admin.tableScroll.label', defaultMessage: 'Tabela: {name}', description: 'Accessible name of a scrolling table box: the table of {name}' },
});

export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is reached by keyboard to scroll it
    <div className="admin-table-wrap" role="region" aria-label={intl.formatMessage(texts.label, { name: label })} tabIndex={0}>
      {children}
    </div>
  );
}
