// A menu's items, as the API stores them (JSON text of `MenuItem`s; children only on the first level),
// read into a tree the editor changes and sent back as a list.
import type { ApiSchema } from '@/shared/api/schema';

export type MenuItem = ApiSchema<'MenuItem'>;

function isItem(value: unknown): value is MenuItem {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return typeof item.name === 'string' && typeof item.link === 'string' && typeof item.target === 'string';
}

export function parseItems(json: string): MenuItem[] {
  try {
    const parsed: unknown = JSON.parse(json || '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isItem).map((item) => ({
      name: item.name,
      link: item.link,
      target: item.target,
      children: (Array.isArray(item.children) ? item.children : []).filter(isItem).map(({ name, link, target }) => ({ name, link, target })),
    }));
  } catch {
    return [];
  }
}

/** Items without empty children lists, as a save sends them (the document's `MenuItems`). */
export function itemsInput(items: MenuItem[]): MenuItem[] {
  return items.map(({ children, ...item }) => (children && children.length > 0 ? { ...item, children } : item));
}

/** The items as JSON text, the form the API stores them in. */
export function itemsJson(items: MenuItem[]): string {
  return JSON.stringify(itemsInput(items));
}

export function itemsValid(items: MenuItem[]): boolean {
  return items.every((item) => item.name.trim() !== '' && item.link.trim() !== '' && itemsValid(item.children ?? []));
}
