// The discounts of the demo data: the statutory reductions seeded by the migration, one commercial
// discount, and one that has expired (the order form must not offer it).
export interface MockDiscount {
  id: number;
  name: string;
  name_en: string;
  kind: 'percent' | 'amount';
  value: number;
  valid_from: string | null;
  valid_to: string | null;
  active: boolean;
  statutory: boolean;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

const CREATED = '2026-01-02T09:00:00Z';

function statutory(id: number, value: number, name: string, name_en: string): MockDiscount {
  return {
    id,
    name,
    name_en,
    kind: 'percent',
    value,
    valid_from: null,
    valid_to: null,
    active: true,
    statutory: true,
    sort_order: id * 10,
    created_at: CREATED,
    updated_at: CREATED,
  };
}

export const DISCOUNTS: MockDiscount[] = [
  statutory(1, 100, 'Ulga 100% – dzieci do lat 4 niekorzystające z oddzielnego miejsca', '100% statutory reduction – children under 4 not occupying a separate seat'),
  statutory(2, 95, 'Ulga 95% – przewodnik lub opiekun osoby niewidomej albo osoby niezdolnej do samodzielnej egzystencji', '95% statutory reduction – guide or carer of a blind person or of a person unable to live independently'),
  statutory(3, 93, 'Ulga 93% – osoby niewidome niezdolne do samodzielnej egzystencji (komunikacja zwykła)', '93% statutory reduction – blind persons unable to live independently (ordinary service)'),
  statutory(4, 78, 'Ulga 78% – dzieci i młodzież niepełnosprawne oraz ich opiekunowie', '78% statutory reduction – disabled children and young people and their carers'),
  statutory(5, 51, 'Ulga 51% – studenci i doktoranci do 26. roku życia', '51% statutory reduction – university and doctoral students up to age 26'),
  statutory(6, 49, 'Ulga 49% – uczniowie szkół podstawowych i ponadpodstawowych', '49% statutory reduction – primary and secondary school pupils'),
  statutory(7, 37, 'Ulga 37% – dzieci od 4 lat, kombatanci, emeryci i renciści', '37% statutory reduction – children from 4, veterans, pensioners'),
  statutory(8, 33, 'Ulga 33% – nauczyciele szkół i nauczyciele akademiccy', '33% statutory reduction – school teachers and academic teachers'),
  {
    ...statutory(9, 20, 'Karta Dużej Rodziny – 20%', 'Large Family Card – 20%'),
    statutory: false,
    sort_order: 100,
  },
  {
    ...statutory(10, 500, 'Promocja wakacyjna – 5 zł', 'Summer offer – PLN 5 off'),
    kind: 'amount',
    statutory: false,
    sort_order: 110,
    valid_from: '2025-06-01T00:00:00Z',
    valid_to: '2025-09-01T00:00:00Z',
  },
];

export function isDiscountValid(discount: MockDiscount, now: Date = new Date()): boolean {
  return (
    discount.active &&
    (discount.valid_from === null || new Date(discount.valid_from) <= now) &&
    (discount.valid_to === null || now < new Date(discount.valid_to))
  );
}
