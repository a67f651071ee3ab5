// Which sides of a box that scrolls sideways hide some of its content (components/table-scroll.tsx).

/** Which sides of a scrolling box have more to show. */
export interface Overflow {
  before: boolean;
  after: boolean;
}

/** The sides of `box` that hide columns, from its scroll position and sizes. */
export function overflowOf(box: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>): Overflow {
  const hidden = box.scrollWidth - box.clientWidth;
  // A pixel of rounding is no column.
  return { before: hidden > 1 && box.scrollLeft > 1, after: hidden > 1 && box.scrollLeft < hidden - 1 };
}
