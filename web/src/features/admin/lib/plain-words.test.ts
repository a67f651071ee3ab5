// The panel speaks an office's language (issue 29): a link opens in the same or a new tab, a
// banner's colours have names, a closed banner hides for hours or days, not "86400 s".
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@/i18n/messages';

import { bannersArea } from '../areas/banners';

import { BACKGROUNDS, fromSeconds, TEXT_COLOURS, toSeconds } from './banner-style';
import { LINK_TARGETS, linkTargetChoice } from './link-targets';

const pl = createIntl({ locale: 'pl', messages: MESSAGES.pl });
const en = createIntl({ locale: 'en', messages: MESSAGES.en });
const labels = (options: typeof LINK_TARGETS, intl = pl) => options.map((option) => (typeof option.label === 'string' ? option.label : intl.formatMessage(option.label)));

describe('words instead of jargon', () => {
  it('offer a link in the same tab or a new one, never nuxt-link or _blank', () => {
    expect(labels(LINK_TARGETS)).toEqual(['Ta sama karta', 'Nowa karta', 'Ta sama karta, z ponownym wczytaniem strony']);
    expect(labels(LINK_TARGETS, en)).toEqual(['Same tab', 'New tab', 'Same tab, page loaded anew']);
    for (const label of labels(LINK_TARGETS)) expect(label).not.toMatch(/nuxt|_blank|_self|_parent|_top/);
    expect(linkTargetChoice('_top')).toBe('_self');
    expect(linkTargetChoice('_parent')).toBe('_self');
    expect(linkTargetChoice('_blank')).toBe('_blank');
    expect(linkTargetChoice(undefined)).toBe('nuxt-link');
  });

  it('name the banner’s colours', () => {
    expect(labels(BACKGROUNDS)).toContain('Firmowy (niebieski)');
    expect(labels(TEXT_COLOURS)).toEqual(['Domyślny', 'Biały', 'Grafitowy']);
    for (const label of [...labels(BACKGROUNDS), ...labels(TEXT_COLOURS)]) expect(label).not.toMatch(/bg-|text-/);
  });

  it('say how long a closed banner hides in days, hours or minutes, and send seconds', () => {
    expect(fromSeconds(86_400)).toEqual({ amount: '1', unit: 'days' });
    expect(fromSeconds(7_200)).toEqual({ amount: '2', unit: 'hours' });
    expect(fromSeconds(600)).toEqual({ amount: '10', unit: 'minutes' });
    expect(toSeconds('3', 'days')).toBe(259_200);
    const banner = { id: 1, title: 'T', refresh_time: 86_400, bg_class: 'bg-primary', text_class: 'text-white', link_target: '_top', sort_order: 0 };
    const values = bannersArea.toValues(banner);
    expect(values).toMatchObject({ refresh_amount: '1', refresh_unit: 'days', bg_class: 'bg-primary', text_class: 'text-white', link_target: '_self' });
    expect(bannersArea.toInput({ ...values, refresh_amount: '12', refresh_unit: 'hours' }, banner)).toMatchObject({ refresh_time: 43_200, bg_class: 'bg-primary' });
  });
});
