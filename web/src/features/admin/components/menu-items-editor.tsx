// A menu's items edited as a tree (never as JSON text): name, link and target per item, sub-items under
// first-level items, reordered with Up/Down. The value is the list of items.
import { useIntl } from 'react-intl';

import { Button } from '@/shared/ui/button';

import type { CustomFieldProps } from '../lib/area';
import { LINK_TARGETS, linkTargetChoice } from '../lib/link-targets';
import type { MenuItem } from '../lib/menu-items';
import { moved } from '../lib/route-math';
import { common } from '../messages/common-messages';
import { fields } from '../messages/field-messages';
import { menuTexts } from '../messages/menu-messages';
import { routeTexts } from '../messages/route-messages';

import { OptionLabel } from './option-label';

const MARKS = { up: '↑', down: '↓', remove: '×' } as const;
const named = (action: string, name: string) => `${action}: ${name}`;

interface ItemListProps {
  items: MenuItem[];
  onChange: (items: MenuItem[]) => void;
  depth: number;
  idPrefix: string;
}

function ItemList({ items, onChange, depth, idPrefix }: ItemListProps) {
  const intl = useIntl();
  const update = (index: number, change: Partial<MenuItem>) => onChange(items.map((item, i) => (i === index ? { ...item, ...change } : item)));
  return (
    <ol className={depth === 0 ? 'admin-menu-items' : 'admin-menu-items admin-menu-items--children'}>
      {items.map((item, index) => {
        const id = `${idPrefix}-${index}`;
        const label = item.name || intl.formatMessage(menuTexts.item);
        return (
          <li key={id} className="admin-menu-item">
            <fieldset className="admin-menu-item__fields">
              <legend className="visually-hidden">{label}</legend>
              <div className="form-field">
                <label htmlFor={`${id}-name`} className="form-field__label">{intl.formatMessage(common.name)}</label>
                <input id={`${id}-name`} className="form-field__input" value={item.name} aria-invalid={item.name.trim() === '' || undefined} onChange={(event) => update(index, { name: event.target.value })} />
              </div>
              <div className="form-field">
                <label htmlFor={`${id}-link`} className="form-field__label">{intl.formatMessage(fields.link)}</label>
                <input id={`${id}-link`} className="form-field__input" value={item.link} aria-invalid={item.link.trim() === '' || undefined} onChange={(event) => update(index, { link: event.target.value })} />
              </div>
              <div className="form-field">
                <label htmlFor={`${id}-target`} className="form-field__label">{intl.formatMessage(fields.linkTarget)}</label>
                <select id={`${id}-target`} className="form-field__input" value={linkTargetChoice(item.target)} onChange={(event) => update(index, { target: event.target.value })}>
                  {LINK_TARGETS.map((target) => (
                    <option key={target.value} value={target.value}>
                      <OptionLabel label={target.label} />
                    </option>
                  ))}
                </select>
              </div>
              <div className="admin-row-actions">
                <Button variant="secondary" aria-label={named(intl.formatMessage(routeTexts.moveUp), label)} disabled={index === 0} onClick={() => onChange(moved(items, index, index - 1))}>
                  {MARKS.up}
                </Button>
                <Button variant="secondary" aria-label={named(intl.formatMessage(routeTexts.moveDown), label)} disabled={index === items.length - 1} onClick={() => onChange(moved(items, index, index + 1))}>
                  {MARKS.down}
                </Button>
                <Button variant="secondary" aria-label={named(intl.formatMessage(routeTexts.remove), label)} onClick={() => onChange(items.filter((_, i) => i !== index))}>
                  {MARKS.remove}
                </Button>
              </div>
            </fieldset>
            {depth === 0 ? (
              <>
                <ItemList items={item.children ?? []} onChange={(children) => update(index, { children })} depth={1} idPrefix={id} />
                <Button variant="secondary" className="admin-menu-item__add-child" onClick={() => update(index, { children: [...(item.children ?? []), { name: '', link: '', target: 'nuxt-link' }] })}>
                  {named(intl.formatMessage(menuTexts.addChild), label)}
                </Button>
              </>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

export function MenuItemsEditor({ value, onChange, id, labelId }: CustomFieldProps) {
  const intl = useIntl();
  const items = Array.isArray(value) ? (value as MenuItem[]) : [];
  return (
    <div role="group" aria-labelledby={labelId} id={id}>
      <ItemList items={items} onChange={onChange} depth={0} idPrefix={id} />
      <Button variant="secondary" onClick={() => onChange([...items, { name: '', link: '', target: 'nuxt-link' }])}>
        {intl.formatMessage(menuTexts.addItem)}
      </Button>
    </div>
  );
}

/** The menu as the site lists it: links, sub-items nested. */
export function MenuPreview({ items }: { items: MenuItem[] }) {
  return (
    <ul className="admin-menu-preview">
      {items.map((item, index) => (
        <li key={index}>
          <a href={item.link} target={item.target === 'nuxt-link' ? undefined : item.target} onClick={(event) => event.preventDefault()}>
            {item.name}
          </a>
          {item.children && item.children.length > 0 ? <MenuPreview items={item.children} /> : null}
        </li>
      ))}
    </ul>
  );
}
