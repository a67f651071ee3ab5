// Amounts and days in the panel's language, for cells and facts: grosz as "39,00 zł" / "PLN 39.00" (never
// the API's Polish `*_formatted` under /en), a calendar day as "30.11.2026" / "30/11/2026" (never ISO).
import { useFormatters } from '@/i18n/format';

import { CellValue } from './cell-value';

export function Money({ grosz }: { grosz: number | null | undefined }) {
  const { money } = useFormatters();
  return typeof grosz === 'number' ? <span className="admin-nowrap">{money(grosz)}</span> : <CellValue value={null} />;
}

/** A calendar day (`YYYY-MM-DD`). */
export function Day({ day }: { day: string | null | undefined }) {
  const format = useFormatters();
  return day ? <span className="admin-nowrap">{format.day(day, 'short')}</span> : <CellValue value={null} />;
}
