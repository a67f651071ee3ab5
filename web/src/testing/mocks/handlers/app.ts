// /api/app/*: banners, menus and content pages, with the demo data the backend seeds (fixtures crate),
// so `npm run dev:mock` looks like a fresh local server and tests read realistic Polish content.
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
};

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
      { name: 'Nisko – Kraków', link: '/nisko-krakow', target: 'nuxt-link' },
    ],
  },
  bottom2: {
    name: 'Stopka 2',
    type: 'bottom2',
    items: [
      { name: 'Twoje bilety', link: '/user/your-tickets', target: 'nuxt-link' },
      { name: 'Zwrot biletu', link: '/user/return-ticket', target: 'nuxt-link' },
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
  },
];

export const appHandlers = [
  http.get(apiUrl('/app/banner/all'), () =>
    HttpResponse.json({ data: { models: [bannerFixture], pagination: pagination(1, 999, 1) } }),
  ),

  http.get(apiUrl('/app/menu/get-menu'), ({ request }) => {
    const type = new URL(request.url).searchParams.get('type') ?? '';
    if (!MENU_TYPES.includes(type as keyof typeof menuFixtures)) {
      return HttpResponse.json(
        errorBody(422, 'type must be one of top, bottom1, bottom2', [
          { field: 'type', message: 'type must be one of top, bottom1, bottom2' },
        ]),
        { status: 422 },
      );
    }
    const menu = menuFixtures[type as keyof typeof menuFixtures];
    return HttpResponse.json({ data: { name: menu.name, type: menu.type, content: JSON.stringify(menu.items) } });
  }),

  http.get(apiUrl('/app/content/get-content'), ({ request }) => {
    const key = new URL(request.url).searchParams.get('id');
    if (!key) {
      return HttpResponse.json(errorBody(422, 'id is required', [{ field: 'id', message: 'id is required' }]), {
        status: 422,
      });
    }
    const page = contentFixtures.find((item) => item.slug === key || String(item.id) === key);
    if (!page) return HttpResponse.json(errorBody(404, 'This page could not be found'), { status: 404 });
    return HttpResponse.json({ data: page });
  }),
];
