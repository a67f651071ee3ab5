// A wide table's box. On a narrow screen the table scrolls sideways inside it, and a keyboard user must
// be able to scroll it too: so the box takes the focus and is named for what it holds (axe's
// scrollable-region-focusable; a table of plain text has nothing else to focus). The name says it is
// the table, so it is not heard as a second section of the same name.
//
// A table wider than its box says so: a shaded edge on the side that has more (left, right or both)
// and a line above it ("przewiń w bok"), so nobody takes the visible columns for all of them (the
// price grid of a long route is much wider than a screen).
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';

import { overflowOf, type Overflow } from '../lib/overflow';

const texts = defineMessages<{ label: { name: string }; more: NoMessageValues }>({
  label: { id: 'admin.tableScroll.label', defaultMessage: 'Tabela: {name}', description: 'Accessible name of a scrolling table box: the table of {name}' },
  more: {
    id: 'admin.tableScroll.more',
    defaultMessage: 'Tabela jest szersza niż ekran: przewiń ją w bok (gestem, paskiem przewijania lub Shift + kółko myszy), aby zobaczyć resztę kolumn.',
    description: 'Hint above a table wider than its box',
  },
});

function useOverflow() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ before: false, after: false });
  const measure = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    const next = overflowOf(box);
    setOverflow((current) => (current.before === next.before && current.after === next.after ? current : next));
  }, []);
  useEffect(() => {
    const box = ref.current;
    measure();
    if (!box || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  return { ref, overflow, measure };
}

export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const intl = useIntl();
  const { ref, overflow, measure } = useOverflow();
  const wide = overflow.before || overflow.after;
  const classes = ['admin-table-scroll', overflow.before ? 'admin-table-scroll--before' : '', overflow.after ? 'admin-table-scroll--after' : ''].filter(Boolean).join(' ');
  return (
    <>
      {wide ? (
        <p className="admin-table-scroll__hint" aria-hidden="true">
          {intl.formatMessage(texts.more)}
        </p>
      ) : null}
      <div className={classes}>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is reached by keyboard to scroll it */}
        <div ref={ref} className="admin-table-wrap" role="region" aria-label={intl.formatMessage(texts.label, { name: label })} tabIndex={0} onScroll={measure}>
          {children}
        </div>
      </div>
    </>
  );
}
