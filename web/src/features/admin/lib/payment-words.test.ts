import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';

import en from '@/i18n/messages/en.json';
import pl from '@/i18n/messages/pl.json';

import { REFUND_STATUSES } from '../messages/order-messages';

import { providerWords, refundedOnTerminal, transactionWords } from './payment-words';

const polish = createIntl({ locale: 'pl', defaultLocale: 'pl', messages: pl });
const english = createIntl({ locale: 'en', defaultLocale: 'pl', messages: en });
const ORDER_ID = '0193a5b2-7c1d-7e4f-9a8b-1c2d3e4f5a6b';

describe('payments in words (issue 29)', () => {
  it('names every provider in both languages, never by its code', () => {
    for (const provider of ['cash', 'card_terminal', 'sandbox', 'przelewy24', 'none']) {
      const words = providerWords(provider);
      expect(words, provider).not.toBeNull();
      for (const intl of [polish, english]) {
        const text = intl.formatMessage(words ?? { id: 'missing' });
        expect(text, provider).not.toMatch(/cash|card_terminal|sandbox|^none$/);
        expect(text.length, provider).toBeGreaterThan(3);
      }
    }
    expect(polish.formatMessage(providerWords('cash') ?? { id: 'missing' })).toBe('Gotówka w kasie');
    expect(english.formatMessage(providerWords('card_terminal') ?? { id: 'missing' })).toBe("Card – the office's payment terminal");
    expect(providerWords(null)).toBeNull();
  });

  it("says an office sale's transaction in words and keeps a gateway's own id", () => {
    expect(polish.formatMessage(transactionWords(`cash-${ORDER_ID}`) ?? { id: 'missing' })).toBe('Wpłata gotówką przyjęta w kasie');
    expect(english.formatMessage(transactionWords(`card_terminal-${ORDER_ID}`) ?? { id: 'missing' })).toBe("Card payment taken on the office's terminal");
    expect(transactionWords('P24-123456789')).toBeNull();
    expect(transactionWords(null)).toBeNull();
  });

  it('refunds a card-terminal sale on the terminal, in words, and a cash sale in cash', () => {
    expect(refundedOnTerminal('card_terminal')).toBe(true);
    expect(refundedOnTerminal('cash')).toBe(false);
    const label = REFUND_STATUSES.find((status) => status.value === 'at_terminal')?.label;
    if (!label || typeof label === 'string') throw new Error('the at_terminal refund status is named by a message');
    expect(polish.formatMessage(label)).toBe('Do zwrotu na kartę terminalem w kasie');
    expect(english.formatMessage(label)).toBe("To refund to the card on the office's terminal");
  });
});
