import * as z from 'zod/mini';

import { MenuInput } from '@/shared/api/limits.gen';
import type { ApiSchema } from '@/shared/api/schema';

import { MenuItemsEditor, MenuPreview } from '../components/menu-items-editor';
import { defineArea } from '../lib/define-area';
import { itemsInput, itemsValid, parseItems, type MenuItem } from '../lib/menu-items';
import { requiredText, text } from '../lib/validation';
import { areaTitles } from '../messages/area-titles';
import { common } from '../messages/common-messages';
import { fields } from '../messages/field-messages';
import { menuTexts } from '../messages/menu-messages';

type Menu = ApiSchema<'Menu'>;

const TYPES = [
  { value: 'top', label: menuTexts.typeTop },
  { value: 'bottom1', label: menuTexts.typeBottom1 },
  { value: 'bottom2', label: menuTexts.typeBottom2 },
];

const items = z.custom<MenuItem[]>((value) => Array.isArray(value) && itemsValid(value), 'menuItems');

const schema = z.object({ name: requiredText(MenuInput.name.maxLength), name_en: text(MenuInput.name_en.maxLength), type: z.enum(['top', 'bottom1', 'bottom2']), content: items, content_en: items });

/** Menus (top, bottom1, bottom2): items edited as a tree with a preview, never as JSON text. */
export const menusArea = defineArea<Menu, z.infer<typeof schema>>({
  path: 'app/menu',
  title: areaTitles.menus,
  newTitle: fields.newMenu,
  recordTitle: (menu) => menu.name,
  idOf: (menu) => menu.id,
  defaultSort: 'type',
  columns: [
    { key: 'name', label: common.name, sortable: true },
    { key: 'type', label: fields.type, sortable: true },
    { key: 'updated_at', label: common.updatedAt, sortable: true },
  ],
  filters: [{ field: 'type', op: 'eq', label: fields.type, kind: 'select', options: TYPES }],
  form: {
    schema,
    fields: [
      { name: 'name', label: common.name, kind: 'text', required: true },
      { name: 'name_en', label: common.nameEn, kind: 'text' },
      { name: 'type', label: fields.type, kind: 'select', options: TYPES, required: true },
      { name: 'content', label: fields.items, kind: 'custom', render: (props) => <MenuItemsEditor {...props} /> },
      { name: 'content_en', label: fields.itemsEn, kind: 'custom', render: (props) => <MenuItemsEditor {...props} /> },
    ],
    toValues: (menu) => ({
      name: menu?.name ?? '',
      name_en: menu?.name_en ?? '',
      type: (menu?.type ?? 'top') as 'top' | 'bottom1' | 'bottom2',
      content: parseItems(menu?.content ?? '[]'),
      content_en: parseItems(menu?.content_en ?? ''),
    }),
    // An empty English list is "not translated".
    toInput: (values) => ({ ...values, content: itemsInput(values.content), content_en: itemsInput(values.content_en) }),
    aside: (values) => <MenuPreview items={Array.isArray(values.content) ? (values.content) : []} />,
  },
});
