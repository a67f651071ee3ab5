// The register of VAT payers' answers (docs/invoices.md, "A company's data from its NIP"): the sentences of
// its codes, in the one table of codes (server-code-texts.ts), and what the forms' "fill in from the VAT
// register" button says (shared/ui/nip-lookup.tsx), which meets them before the table has loaded. A few
// sentences: they travel with the order form's chunk.
import { defineMessages } from 'react-intl';

export const nipTexts = defineMessages({
  notInRegister: {
    id: 'server.code.nip.not_in_register',
    defaultMessage: 'Wykaz podatników VAT nie zna tego NIP — wpisz dane ręcznie.',
    description: 'Server code nip.not_in_register (404): the register of VAT payers has no entry for this NIP',
  },
  registerUnavailable: {
    id: 'server.code.nip.register_unavailable',
    defaultMessage: 'Wykaz podatników VAT jest teraz niedostępny — wpisz dane ręcznie.',
    description: 'Server code nip.register_unavailable (503): the register of VAT payers cannot be reached now',
  },
});
