import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { WithTicketNumber } from './ticket-number';

describe('WithTicketNumber', () => {
  it('keeps the sentence whole and its ticket number in one unbreakable piece', () => {
    const { container } = render(<WithTicketNumber text="Czy na pewno chcesz zwrócić bilet NK-2026-000012?" number="NK-2026-000012" />);
    expect(container).toHaveTextContent('Czy na pewno chcesz zwrócić bilet NK-2026-000012?');
    expect(container.querySelector('.ticket-number')).toHaveTextContent(/^NK-2026-000012$/);
  });

  it('leaves a sentence without the number as it is', () => {
    const { container } = render(<WithTicketNumber text="Bilet" number="NK-2026-000012" />);
    expect(container).toHaveTextContent('Bilet');
    expect(container.querySelector('.ticket-number')).toBeNull();
  });
});
