import * as z from 'zod/mini';

import { BannerInput } from '@/shared/api/limits.gen';
import type { ApiSchema } from '@/shared/api/schema';

import { BannerPreview } from '../components/banner-preview';
import { BACKGROUNDS, colourChoice, DURATION_OPTIONS, fromSeconds, TEXT_COLOURS, toSeconds } from '../lib/banner-style';
import { defineArea } from '../lib/define-area';
import { LINK_TARGETS, linkTargetChoice } from '../lib/link-targets';
import { datesInOrder, fromLocalInput, intText, requiredText, text, toLocalInput } from '../lib/validation';
import { areaTitles } from '../messages/area-titles';
import { common } from '../messages/common-messages';
import { fields } from '../messages/field-messages';

type Banner = ApiSchema<'Banner'>;

const schema = z
  .object({
    title: requiredText(BannerInput.title.maxLength),
    title_en: text(BannerInput.title_en.maxLength),
    text: text(BannerInput.text.maxLength),
    text_en: text(BannerInput.text_en.maxLength),
    link: text(BannerInput.link.maxLength),
    link_target: z.string(),
    bg_class: text(BannerInput.bg_class.maxLength),
    text_class: text(BannerInput.text_class.maxLength),
    // 10 000 days at most: the seconds stay within the server's `refresh_time` (a 32-bit number).
    refresh_amount: intText(0, 10_000),
    refresh_unit: z.enum(['minutes', 'hours', 'days']),
    sort_order: intText(BannerInput.sort_order.minimum, BannerInput.sort_order.maximum),
    valid_from: z.string(),
    valid_to: z.string(),
  })
  .check(datesInOrder());

/** Banners: every field, with a preview as the site's strip shows it. */
export const bannersArea = defineArea<Banner, z.infer<typeof schema>>({
  path: 'app/banner',
  title: areaTitles.banners,
  newTitle: fields.newBanner,
  recordTitle: (banner) => banner.title,
  idOf: (banner) => banner.id,
  defaultSort: 'sort_order',
  columns: [
    { key: 'title', label: fields.title, sortable: true },
    { key: 'link', label: fields.link },
    { key: 'valid_from', label: common.validFrom, sortable: true },
    { key: 'valid_to', label: common.validTo, sortable: true },
    { key: 'sort_order', label: common.sortOrder, sortable: true, numeric: true },
  ],
  filters: [{ field: 'title', op: 'like', label: fields.title }],
  form: {
    schema,
    fields: [
      { name: 'title', label: fields.title, kind: 'text', required: true },
      { name: 'title_en', label: fields.titleEn, kind: 'text' },
      { name: 'text', label: fields.text, kind: 'html' },
      { name: 'text_en', label: fields.textEn, kind: 'html' },
      { name: 'link', label: fields.link, kind: 'text' },
      { name: 'link_target', label: fields.linkTarget, kind: 'select', options: LINK_TARGETS },
      { name: 'bg_class', label: fields.bgClass, kind: 'select', options: BACKGROUNDS },
      { name: 'text_class', label: fields.textClass, kind: 'select', options: TEXT_COLOURS },
      { name: 'refresh_amount', label: fields.refreshTime, kind: 'number', required: true },
      { name: 'refresh_unit', label: fields.refreshUnit, kind: 'select', options: DURATION_OPTIONS },
      { name: 'sort_order', label: common.sortOrder, kind: 'number', required: true },
      { name: 'valid_from', label: common.validFrom, kind: 'datetime' },
      { name: 'valid_to', label: common.validTo, kind: 'datetime' },
    ],
    toValues: (banner) => {
      const hidden = fromSeconds(banner?.refresh_time ?? 86_400);
      return {
      title: banner?.title ?? '',
      title_en: banner?.title_en ?? '',
      text: banner?.text ?? '',
      text_en: banner?.text_en ?? '',
      link: banner?.link ?? '',
      link_target: linkTargetChoice(banner?.link_target),
      bg_class: colourChoice(BACKGROUNDS, banner?.bg_class),
      text_class: colourChoice(TEXT_COLOURS, banner?.text_class),
      refresh_amount: hidden.amount,
      refresh_unit: hidden.unit,
      sort_order: String(banner?.sort_order ?? 0),
      valid_from: toLocalInput(banner?.valid_from),
      valid_to: toLocalInput(banner?.valid_to),
      };
    },
    toInput: ({ refresh_amount, refresh_unit, ...values }) => ({
      ...values,
      refresh_time: toSeconds(refresh_amount, refresh_unit),
      sort_order: Number(values.sort_order),
      valid_from: fromLocalInput(values.valid_from),
      valid_to: fromLocalInput(values.valid_to),
    }),
    aside: (values) => <BannerPreview values={values} />,
  },
});
