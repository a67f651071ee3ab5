// /user/stamps: the stamp card. Every paid ticket adds a stamp; every full card earns a coupon.
import { defineMessages, useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { Button } from '@/shared/ui/button';

import { useUserStamps } from '../api/get-user-stamps';

import './tickets.css';

const messages = defineMessages({
  title: { id: 'stamps.title', defaultMessage: 'Twoje pieczątki', description: 'Heading and title of the stamps page' },
  loading: { id: 'stamps.loading', defaultMessage: 'Wczytuję pieczątki…', description: 'Status while loading' },
  failed: { id: 'stamps.failed', defaultMessage: 'Nie udało się wczytać pieczątek.', description: 'Loading failed' },
  retry: { id: 'stamps.retry', defaultMessage: 'Spróbuj ponownie', description: 'Button: load again' },
  card: { id: 'stamps.card', defaultMessage: 'Karta pieczątek', description: 'Heading of the stamp card' },
  rewards: { id: 'stamps.rewards', defaultMessage: 'Twoje kupony za pieczątki', description: 'Heading of the reward coupons' },
  noRewards: {
    id: 'stamps.noRewards',
    defaultMessage: 'Nie masz jeszcze kuponów za pieczątki.',
    description: 'No reward coupon yet',
  },
  code: { id: 'stamps.code', defaultMessage: 'Kod kuponu', description: 'Reward table: code' },
  value: { id: 'stamps.value', defaultMessage: 'Wartość', description: 'Reward table: value' },
  left: { id: 'stamps.left', defaultMessage: 'Do wykorzystania', description: 'Reward table: value left' },
  usedUp: { id: 'stamps.usedUp', defaultMessage: 'wykorzystany', description: 'Reward: nothing left' },
  howToUse: {
    id: 'stamps.howToUse',
    defaultMessage: 'Kod kuponu wpisz przy zamawianiu biletów, w polu „Kupon rabatowy”.',
    description: 'How to use a reward coupon',
  },
});

const valueMessages = defineMessages<{
  rule: { perReward: number; value: string };
  collected: { stamps: number };
  needed: { needed: number; value: string };
  progress: { filled: number; perReward: number };
}>({
  rule: {
    id: 'stamps.rule',
    defaultMessage:
      'Za każdy opłacony bilet dostajesz pieczątkę. Za każde {perReward} pieczątek otrzymujesz kupon o wartości {value}.',
    description: 'How stamps work',
  },
  collected: {
    id: 'stamps.collected',
    defaultMessage:
      '{stamps, plural, one {Masz # pieczątkę.} few {Masz # pieczątki.} many {Masz # pieczątek.} other {Masz # pieczątki.}}',
    description: 'Stamps collected in total',
  },
  needed: {
    id: 'stamps.needed',
    defaultMessage:
      '{needed, plural, one {Do kolejnego kuponu ({value}) brakuje Ci jeszcze # biletu.} other {Do kolejnego kuponu ({value}) brakuje Ci jeszcze # biletów.}}',
    description: 'The hint: tickets still needed for the next reward',
  },
  progress: {
    id: 'stamps.progress',
    defaultMessage: '{filled} z {perReward} pieczątek na bieżącej karcie',
    description: 'Accessible name of the stamp card picture',
  },
});

export function StampsPage() {
  const intl = useIntl();
  const format = useFormatters();
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);
  const stamps = useUserStamps();

  const data = stamps.data;
  const perReward = Math.max(1, data?.stamps_per_reward ?? 10);
  const needed = Math.min(perReward, Math.max(0, data?.needed ?? perReward));
  const filled = perReward - needed;

  return (
    <section className="tickets-page stamps-page" aria-labelledby="stamps-title">
      <h1 id="stamps-title">{title}</h1>
      {stamps.isPending ? <p role="status">{intl.formatMessage(messages.loading)}</p> : null}
      {stamps.isError ? (
        <div role="alert">
          <p>{intl.formatMessage(messages.failed)}</p>
          <Button variant="secondary" onClick={() => void stamps.refetch()}>
            {intl.formatMessage(messages.retry)}
          </Button>
        </div>
      ) : null}
      {data ? (
        <>
          <p>{intl.formatMessage(valueMessages.rule, { perReward, value: format.money(data.reward_value) })}</p>
          <section className="stamp-card" aria-labelledby="stamp-card-title">
            <h2 id="stamp-card-title">{intl.formatMessage(messages.card)}</h2>
            <p className="stamp-card__count">{intl.formatMessage(valueMessages.collected, { stamps: data.stamps })}</p>
            <div
              className="stamp-card__slots"
              role="img"
              aria-label={intl.formatMessage(valueMessages.progress, { filled, perReward })}
            >
              {Array.from({ length: perReward }, (_, index) => (
                <span key={index} className={index < filled ? 'stamp stamp--filled' : 'stamp'} />
              ))}
            </div>
            <p className="stamp-card__hint">
              {intl.formatMessage(valueMessages.needed, { needed, value: format.money(data.reward_value) })}
            </p>
          </section>

          <section className="stamp-rewards" aria-labelledby="stamp-rewards-title">
            <h2 id="stamp-rewards-title">{intl.formatMessage(messages.rewards)}</h2>
            {data.rewards.length === 0 ? (
              <p>{intl.formatMessage(messages.noRewards)}</p>
            ) : (
              <>
                <table className="stamp-rewards__table">
                  <thead>
                    <tr>
                      <th scope="col">{intl.formatMessage(messages.code)}</th>
                      <th scope="col">{intl.formatMessage(messages.value)}</th>
                      <th scope="col">{intl.formatMessage(messages.left)}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.rewards.map((reward) => (
                      <tr key={reward.code}>
                        <th scope="row" className="stamp-rewards__code">
                          {reward.code}
                        </th>
                        <td>{format.money(reward.value)}</td>
                        <td>
                          {reward.current_value > 0
                            ? format.money(reward.current_value)
                            : intl.formatMessage(messages.usedUp)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <p className="form-field__hint">{intl.formatMessage(messages.howToUse)}</p>
              </>
            )}
          </section>
        </>
      ) : null}
    </section>
  );
}
