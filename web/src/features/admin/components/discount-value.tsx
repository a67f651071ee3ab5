import { useFormatters } from '@/i18n/format';
import type { ApiSchema } from '@/shared/api/schema';

/** A discount's value: "37%" or the amount in the locale's currency. */
export function DiscountValue({ discount }: { discount: ApiSchema<'Discount'> }) {
  const { money } = useFormatters();
  return <>{discount.kind === 'percent' ? `${discount.value}%` : money(discount.value)}</>;
}
