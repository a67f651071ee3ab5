// /api/app/*: banners, menus and content pages, with the demo data the backend seeds (fixtures crate),
// so `npm run dev:mock` looks like a fresh local server and tests read realistic Polish content.
// With `lang=en` the public reads answer the English texts written for them, and Polish where none
// was written (as the backend does).
import { http, HttpResponse } from 'msw';

import { apiUrl } from '../api-url';

import { errorBody, pagination } from './responses';

const CREATED = '2026-01-15T08:00:00Z';

export const bannerFixture = {
  id: 1,
  title: 'Kup bilet online',
  text: '<p>Bilety na wszystkie kursy kupisz online – bez kolejki, z kodem QR w telefonie.</p>',
  link: '/nisko-krakow',
  link_target: '_self',
  bg_class: 'bg-primary',
  text_class: 'text-white',
  refresh_time: 86_400,
  valid_from: '2026-01-15T08:00:00Z',
  valid_to: '2099-12-31T23:00:00Z',
  sort_order: 0,
  created_at: CREATED,
  updated_at: CREATED,
  // As the backend: the English texts ride along in every answer (the admin edits them).
  title_en: 'Buy your ticket online',
  text_en: '<p>Buy tickets for every course online – no queue, with a QR code on your phone.</p>',
};

/** The banner's English title and text (`lang=en`). */
export const bannerFixtureEn = { title: bannerFixture.title_en, text: bannerFixture.text_en };

/** English names of the menu items (`lang=en`); a name missing here stays Polish. */
export const menuItemNamesEn: Record<string, string> = {
  'Strona główna': 'Home',
  Informacje: 'Information',
  Regulamin: 'Terms and conditions',
  'Zwrot biletu': 'Return a ticket',
  Przewoźnik: 'Carrier',
  'Twoje bilety': 'Your tickets',
  'Prawa pasażera': 'Passenger rights',
  Reklamacje: 'Complaints',
};

interface FixtureItem {
  readonly name: string;
  readonly link: string;
  readonly target: string;
  readonly children?: readonly FixtureItem[];
}

function itemsIn(locale: string, items: readonly FixtureItem[]): FixtureItem[] {
  return items.map((item) => ({
    ...item,
    name: locale === 'en' ? (menuItemNamesEn[item.name] ?? item.name) : item.name,
    ...(item.children ? { children: itemsIn(locale, item.children) } : {}),
  }));
}

/** The seeded menus (content is JSON text, as the API sends it). */
export const menuFixtures = {
  top: {
    name: 'Menu górne',
    type: 'top',
    items: [
      { name: 'Strona główna', link: '/', target: 'nuxt-link' },
      { name: 'Nisko – Kraków', link: '/nisko-krakow', target: 'nuxt-link' },
      {
        name: 'Informacje',
        link: '/regulamin',
        target: 'nuxt-link',
        children: [
          { name: 'Regulamin', link: '/regulamin', target: 'nuxt-link' },
          { name: 'Zwrot biletu', link: '/user/return-ticket', target: 'nuxt-link' },
        ],
      },
      { name: 'Przewoźnik', link: 'https://niskobus.example', target: '_blank' },
    ],
  },
  bottom1: {
    name: 'Stopka 1',
    type: 'bottom1',
    items: [
      { name: 'Regulamin', link: '/regulamin', target: 'nuxt-link' },
      { name: 'Prawa pasażera', link: '/prawa-pasazera', target: 'nuxt-link' },
      { name: 'Nisko – Kraków', link: '/nisko-krakow', target: 'nuxt-link' },
    ],
  },
  bottom2: {
    name: 'Stopka 2',
    type: 'bottom2',
    items: [
      { name: 'Twoje bilety', link: '/user/your-tickets', target: 'nuxt-link' },
      { name: 'Zwrot biletu', link: '/user/return-ticket', target: 'nuxt-link' },
      { name: 'Reklamacje', link: '/reklamacje', target: 'nuxt-link' },
    ],
  },
} as const;

const MENU_TYPES = Object.keys(menuFixtures) as (keyof typeof menuFixtures)[];

export const contentFixtures = [
  {
    id: 1,
    title: 'Regulamin',
    slug: 'regulamin',
    keywords: 'regulamin, przewóz, bilety',
    content:
      '<h2>Regulamin przewozu osób i sprzedaży biletów online</h2><p>§ 1. Przewoźnik wykonuje regularny przewóz osób na liniach komunikacyjnych w województwach podkarpackim i małopolskim.</p><p>§ 2. Bilet kupiony przez internet jest ważny na wskazany kurs, miejsce wsiadania i wysiadania.</p><p>§ 3. Rezerwacja nieopłacona w ciągu 15 minut wygasa, a miejsca wracają do sprzedaży.</p>',
    side_content: '',
    template: 'default',
    created_at: CREATED,
    updated_at: CREATED,
    en: {
      title: 'Terms and conditions',
      keywords: 'terms, carriage, tickets',
      content:
        '<h2>Terms of carriage and online ticket sales</h2><p>§ 1. The carrier runs regular passenger services on its lines in the Podkarpackie and Małopolskie regions.</p><p>§ 2. A ticket bought online is valid for the course, boarding stop and destination shown on it.</p><p>§ 3. A reservation not paid within 15 minutes expires and its seats go back on sale.</p>',
    },
  },
  {
    id: 2,
    title: 'Nisko – Kraków',
    slug: 'nisko-krakow',
    keywords: 'nisko, kraków, rozkład, autobus',
    content:
      '<h2>Nisko – Kraków</h2><p>Codzienne połączenia z Niska przez Stalową Wolę, Tarnobrzeg, Mielec i Bochnię do Krakowa. Czas przejazdu około 4 godzin.</p><ul><li>Odjazdy z Niska: 5:00, 7:30, 12:00, 15:30</li><li>Odjazdy z Krakowa: 6:45, 10:30, 15:00, 18:15</li></ul><p>Bilet na cały odcinek kosztuje 39,00 zł. Zobacz też <a href="/regulamin">regulamin</a>.</p>',
    side_content: '<p><strong>Infolinia:</strong> +48 15 000 00 00</p>',
    template: 'default',
    created_at: CREATED,
    updated_at: CREATED,
    // No English side column was written: it stays Polish under /en.
    en: {
      title: 'Nisko – Kraków',
      keywords: 'nisko, krakow, timetable, coach',
      content:
        '<h2>Nisko – Kraków</h2><p>Daily coaches from Nisko via Stalowa Wola, Tarnobrzeg, Mielec and Bochnia to Kraków. The journey takes about 4 hours.</p><ul><li>Departures from Nisko: 5:00, 7:30, 12:00, 15:30</li><li>Departures from Kraków: 6:45, 10:30, 15:00, 18:15</li></ul><p>A ticket for the whole way costs PLN 39.00. See also the <a href="/regulamin">terms and conditions</a>.</p>',
    },
  },
  // The passenger rights page (EU Regulation 181/2011, issue 39), as the server seeds it (shortened).
  {
    id: 3,
    title: 'Prawa pasażera',
    slug: 'prawa-pasazera',
    keywords: 'prawa pasażera, odwołanie, opóźnienie, zwrot, reklamacja, 181/2011',
    content:
      '<h2>Twoje prawa w transporcie autobusowym</h2><p>Przewóz podlega rozporządzeniu (UE) nr 181/2011 o prawach pasażerów w transporcie autobusowym i autokarowym. W całości stosuje się ono do linii regularnych o długości co najmniej 250 km; na krótszych trasach obowiązują prawa podstawowe (niedyskryminacja, informacja, reklamacje).</p><h3>Odwołanie lub opóźnienie odjazdu o ponad 120 minut</h3><ul><li>Możesz wybrać inny kurs między tymi samymi przystankami bez dopłaty albo pełny zwrot ceny biletu.</li><li>Wybór jest otwarty przez 14 dni od ogłoszenia.</li><li>Jeśli nie zaproponujemy wyboru przed planowym odjazdem, należy się odszkodowanie w wysokości 50% ceny biletu.</li></ul><h3>Reklamacje</h3><p>Reklamację złożysz przez formularz <a href="/reklamacje">Reklamacje</a> w ciągu 3 miesięcy.</p>',
    side_content: '',
    template: 'default',
    created_at: CREATED,
    updated_at: CREATED,
    en: {
      title: 'Passenger rights',
      keywords: 'passenger rights, cancellation, delay, refund, complaint, 181/2011',
      content:
        '<h2>Your rights as a coach passenger</h2><p>Carriage is subject to Regulation (EU) No 181/2011 on the rights of passengers in bus and coach transport. It applies in full to regular services of 250 km or more; on shorter routes the basic rights apply (non-discrimination, information, complaints).</p><h3>Cancellation, or a departure more than 120 minutes late</h3><ul><li>You choose another departure between the same two stops at no extra cost, or a full refund of the ticket.</li><li>The choice stays open for 14 days after the announcement.</li><li>If we fail to offer the choice before the scheduled departure, you are owed compensation of 50% of the ticket price.</li></ul><h3>Complaints</h3><p>File a complaint through the <a href="/en/complaints">Complaints</a> form within 3 months.</p>',
    },
  },
];

/** The `lang` a public read asks for: `en`, or Polish for anything else (the backend's default). */
export function requestedLocale(request: Request): 'pl' | 'en' {
  return new URL(request.url).searchParams.get('lang') === 'en' ? 'en' : 'pl';
}

export const appHandlers = [
  http.get(apiUrl('/app/banner/all'), ({ request }) => {
    const banner = requestedLocale(request) === 'en' ? { ...bannerFixture, ...bannerFixtureEn } : bannerFixture;
    return HttpResponse.json({ data: { models: [banner], pagination: pagination(1, 999, 1) } });
  }),

  http.get(apiUrl('/app/menu/get-menu'), ({ request }) => {
    const type = new URL(request.url).searchParams.get('type') ?? '';
    if (!MENU_TYPES.includes(type as keyof typeof menuFixtures)) {
      return HttpResponse.json(
        errorBody(
          422,
          'type must be one of top, bottom1, bottom2',
          [{ field: 'type', message: 'type must be one of top, bottom1, bottom2', code: 'field.invalid_choice' }],
          'field.invalid_choice',
        ),
        { status: 422 },
      );
    }
    const menu = menuFixtures[type as keyof typeof menuFixtures];
    const items = itemsIn(requestedLocale(request), menu.items);
    return HttpResponse.json({ data: { name: menu.name, type: menu.type, content: JSON.stringify(items) } });
  }),

  http.get(apiUrl('/app/content/get-content'), ({ request }) => {
    const key = new URL(request.url).searchParams.get('id');
    if (!key) {
      return HttpResponse.json(errorBody(422, 'id is required', [{ field: 'id', message: 'id is required' }]), {
        status: 422,
      });
    }
    const found = contentFixtures.find((item) => item.slug === key || String(item.id) === key);
    if (!found) return HttpResponse.json(errorBody(404, 'This page could not be found', undefined, 'page.not_found'), { status: 404 });
    const { en, ...page } = found;
    return HttpResponse.json({ data: requestedLocale(request) === 'en' ? { ...page, ...en } : page });
  }),
];
