// The buyer's contact data and the consents: terms and data processing are required, SMS optional.
import { defineMessages, useIntl, type MessageTag } from 'react-intl';

import { useLocalizedPath } from '@/i18n/use-locale';
import { ContactInput } from '@/shared/api/limits.gen';

import { useBookingStore } from '../stores/booking-store';

import { Checkbox, TextInput } from './fields';

const messages = defineMessages({
  legend: { id: 'order.customer.legend', defaultMessage: 'Dane kupującego', description: 'Legend of the buyer fields' },
  hint: {
    id: 'order.customer.hint',
    defaultMessage: 'Na ten adres e-mail wyślemy bilety.',
    description: 'Hint under the buyer legend',
  },
  firstName: { id: 'order.customer.firstName', defaultMessage: 'Imię', description: 'Label: first name' },
  lastName: { id: 'order.customer.lastName', defaultMessage: 'Nazwisko', description: 'Label: last name' },
  email: { id: 'order.customer.email', defaultMessage: 'Adres e-mail', description: 'Label: e-mail' },
  phone: { id: 'order.customer.phone', defaultMessage: 'Telefon', description: 'Label: phone number' },
  phoneHint: {
    id: 'order.customer.phoneHint',
    defaultMessage: 'Na ten numer wyślemy SMS, jeśli wybierzesz powiadomienie.',
    description: 'Hint under the phone field',
  },
  consents: { id: 'order.customer.consents', defaultMessage: 'Zgody', description: 'Legend of the consents' },
  consentGdpr: {
    id: 'order.customer.consentGdpr',
    defaultMessage: 'Wyrażam zgodę na przetwarzanie moich danych osobowych w celu realizacji zamówienia (wymagane).',
    description: 'Label of the required data processing consent',
  },
  notifyBySms: {
    id: 'order.customer.notifyBySms',
    defaultMessage: 'Chcę otrzymać bilet i przypomnienie o podróży SMS-em (opcjonalnie).',
    description: 'Label of the optional SMS notification',
  },
  newTab: {
    id: 'order.customer.newTab',
    defaultMessage: '(otwiera się w nowej karcie)',
    description: 'Screen reader note after a link that opens in a new tab',
  },
});

const valueMessages = defineMessages<{ consentStatute: { link: MessageTag } }>({
  consentStatute: {
    id: 'order.customer.consentStatute',
    defaultMessage: 'Akceptuję <link>regulamin przewozu i sprzedaży biletów</link> (wymagane).',
    description: 'Label of the required terms consent; <link> marks the link to the terms',
  },
});

interface CustomerFieldsProps {
  errors: Record<string, string | undefined>;
  /** The account's e-mail cannot be changed here (docs/web.md, 'The account's e-mail is read-only'). */
  emailLocked: boolean;
}

export function CustomerFields({ errors, emailLocked }: CustomerFieldsProps) {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const customer = useBookingStore((state) => state.customer);
  const setCustomer = useBookingStore((state) => state.setCustomer);

  return (
    <>
      <fieldset className="order-section">
        <legend className="order-section__title">{intl.formatMessage(messages.legend)}</legend>
        <p className="form-field__hint">{intl.formatMessage(messages.hint)}</p>
        <div className="order-grid">
          <TextInput
            fieldKey="customer.first_name"
            maxLength={ContactInput.first_name.maxLength}
            label={intl.formatMessage(messages.firstName)}
            autoComplete="given-name"
            required
            value={customer.first_name}
            error={errors['customer.first_name']}
            onChange={(event) => setCustomer({ first_name: event.target.value })}
          />
          <TextInput
            fieldKey="customer.last_name"
            maxLength={ContactInput.last_name.maxLength}
            label={intl.formatMessage(messages.lastName)}
            autoComplete="family-name"
            required
            value={customer.last_name}
            error={errors['customer.last_name']}
            onChange={(event) => setCustomer({ last_name: event.target.value })}
          />
          <TextInput
            fieldKey="customer.email"
            maxLength={ContactInput.email.maxLength}
            label={intl.formatMessage(messages.email)}
            type="email"
            autoComplete="email"
            required
            readOnly={emailLocked}
            value={customer.email}
            error={errors['customer.email']}
            onChange={(event) => setCustomer({ email: event.target.value })}
          />
          <TextInput
            fieldKey="customer.phone"
            maxLength={ContactInput.phone.maxLength}
            label={intl.formatMessage(messages.phone)}
            type="tel"
            autoComplete="tel"
            required
            hint={intl.formatMessage(messages.phoneHint)}
            value={customer.phone}
            error={errors['customer.phone']}
            onChange={(event) => setCustomer({ phone: event.target.value })}
          />
        </div>
      </fieldset>

      <fieldset className="order-section">
        <legend className="order-section__title">{intl.formatMessage(messages.consents)}</legend>
        <Checkbox
          fieldKey="customer.consent_statute"
          required
          checked={customer.consent_statute === 1}
          error={errors['customer.consent_statute']}
          onChange={(event) => setCustomer({ consent_statute: event.target.checked ? 1 : 0 })}
          label={intl.formatMessage(valueMessages.consentStatute, {
            link: (chunks) => (
              <a href={localized('/regulamin')} target="_blank" rel="noopener">
                {chunks}
                <span className="visually-hidden"> {intl.formatMessage(messages.newTab)}</span>
              </a>
            ),
          })}
        />
        <Checkbox
          fieldKey="customer.consent_gdpr"
          required
          checked={customer.consent_gdpr === 1}
          error={errors['customer.consent_gdpr']}
          onChange={(event) => setCustomer({ consent_gdpr: event.target.checked ? 1 : 0 })}
          label={intl.formatMessage(messages.consentGdpr)}
        />
        <Checkbox
          fieldKey="customer.notify_by_sms"
          checked={customer.notify_by_sms === 1}
          onChange={(event) => setCustomer({ notify_by_sms: event.target.checked ? 1 : 0 })}
          label={intl.formatMessage(messages.notifyBySms)}
        />
      </fieldset>
    </>
  );
}
