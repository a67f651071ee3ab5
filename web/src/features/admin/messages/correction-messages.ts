import { defineMessages } from 'react-intl';

/** A correction's line spelt out (the returned ticket's price, the fee, what is given back). */
export const correctionTexts = defineMessages({
  line: { id: 'admin.correction.line', defaultMessage: 'Pozycja korekty', description: 'Field / column: what a correction invoice corrects, in words' },
});

export const correctionValues = defineMessages<{ returned: { number: string; price: string; fee: string; back: string } }>({
  returned: {
    id: 'admin.correction.returned',
    defaultMessage: 'Zwrot biletu {number}: cena biletu {price}, opłata za zwrot {fee}, do zwrotu {back}',
    description: 'The line of a correction for a returned ticket: the ticket’s price, the return fee kept and what is given back',
  },
});
