import * as z from 'zod/mini';

import { ContentPageInput } from '@/shared/api/limits.gen';
import type { ApiSchema } from '@/shared/api/schema';

import { PublicPageLink } from '../components/public-page-link';
import { defineArea } from '../lib/define-area';
import { requiredText, text } from '../lib/validation';
import { areaTitles } from '../messages/area-titles';
import { common } from '../messages/common-messages';
import { fields } from '../messages/field-messages';

type ContentPage = ApiSchema<'ContentPage'>;

/** The API's page templates (`ContentPage.template`). */
const TEMPLATES = ['default', 'wide', 'narrow'].map((value) => ({ value, label: value }));

const schema = z.object({
  title: requiredText(ContentPageInput.title.maxLength),
  title_en: text(ContentPageInput.title_en.maxLength),
  slug: z.string().check(z.trim(), z.minLength(1, 'required'), z.regex(/^[a-z0-9-]+$/, 'slug')),
  keywords: text(ContentPageInput.keywords.maxLength),
  keywords_en: text(ContentPageInput.keywords_en.maxLength),
  template: z.string(),
  content: text(ContentPageInput.content.maxLength),
  side_content: text(ContentPageInput.side_content.maxLength),
  content_en: text(ContentPageInput.content_en.maxLength),
  side_content_en: text(ContentPageInput.side_content_en.maxLength),
});

/** Content pages: title, slug, keywords, main and side content in the HTML editor, template. */
export const contentsArea = defineArea<ContentPage, z.infer<typeof schema>>({
  path: 'app/contents',
  apiPath: 'app/content',
  title: areaTitles.contents,
  newTitle: fields.newPage,
  recordTitle: (page) => page.title,
  idOf: (page) => page.id,
  defaultSort: 'title',
  columns: [
    { key: 'title', label: fields.title, sortable: true },
    { key: 'slug', label: fields.slug, sortable: true },
    { key: 'template', label: fields.template },
    { key: 'updated_at', label: common.updatedAt, sortable: true },
  ],
  filters: [{ field: 'title', op: 'like', label: fields.title }],
  form: {
    schema,
    fields: [
      { name: 'title', label: fields.title, kind: 'text', required: true },
      { name: 'title_en', label: fields.titleEn, kind: 'text' },
      { name: 'slug', label: fields.slug, kind: 'text', required: true },
      { name: 'template', label: fields.template, kind: 'select', options: TEMPLATES },
      { name: 'keywords', label: fields.keywords, kind: 'text' },
      { name: 'keywords_en', label: fields.keywordsEn, kind: 'text' },
      { name: 'content', label: fields.content, kind: 'html' },
      { name: 'side_content', label: fields.sideContent, kind: 'html' },
      { name: 'content_en', label: fields.contentEn, kind: 'html' },
      { name: 'side_content_en', label: fields.sideContentEn, kind: 'html' },
    ],
    toValues: (page) => ({
      title: page?.title ?? '',
      title_en: page?.title_en ?? '',
      slug: page?.slug ?? '',
      keywords: page?.keywords ?? '',
      keywords_en: page?.keywords_en ?? '',
      template: page?.template ?? 'default',
      content: page?.content ?? '',
      side_content: page?.side_content ?? '',
      content_en: page?.content_en ?? '',
      side_content_en: page?.side_content_en ?? '',
    }),
    toInput: (values) => ({ ...values, slug: values.slug.trim() }),
  },
  sections: [({ model }) => <PublicPageLink slug={model.slug} />],
});
