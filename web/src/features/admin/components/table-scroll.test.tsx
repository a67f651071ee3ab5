// A table wider than its box says so (issue 29: the price grid scrolled sideways with no cue).
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MESSAGES } from '@/i18n/messages';

import { overflowOf } from '../lib/overflow';

import { TableScroll } from './table-scroll';

const HINT = /Tabela jest szersza niż ekran: przewiń ją w bok/;

function sized(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

const table = (
  <IntlProvider locale="pl" messages={MESSAGES.pl}>
    <div className="admin">
      <TableScroll label="Ceny">
        <table>
          <tbody>
            <tr>
              <td>1</td>
            </tr>
          </tbody>
        </table>
      </TableScroll>
    </div>
  </IntlProvider>
);

afterEach(() => vi.restoreAllMocks());

describe('a wide table', () => {
  it('knows which side hides columns', () => {
    expect(overflowOf({ scrollLeft: 0, scrollWidth: 500, clientWidth: 500 })).toEqual({ before: false, after: false });
    expect(overflowOf({ scrollLeft: 0, scrollWidth: 900, clientWidth: 500 })).toEqual({ before: false, after: true });
    expect(overflowOf({ scrollLeft: 200, scrollWidth: 900, clientWidth: 500 })).toEqual({ before: true, after: true });
    expect(overflowOf({ scrollLeft: 400, scrollWidth: 900, clientWidth: 500 })).toEqual({ before: true, after: false });
  });

  it('says it scrolls sideways and shades the side with more, when it is wider than its box', () => {
    sized(900, 500);
    render(table);
    expect(screen.getByText(HINT)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tabela: Ceny' }).parentElement).toHaveClass('admin-table-scroll--after');
  });

  it('says nothing when it fits', () => {
    sized(500, 500);
    render(table);
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
  });
});
