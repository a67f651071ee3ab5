import { defineMessages } from 'react-intl';

export const menuTexts = defineMessages({
  addItem: { id: 'admin.menu.addItem', defaultMessage: 'Dodaj pozycję', description: 'Button: add a menu item' },
  addChild: { id: 'admin.menu.addChild', defaultMessage: 'Dodaj podpozycję', description: 'Button: add a sub-item under a menu item' },
  item: { id: 'admin.menu.item', defaultMessage: 'Pozycja', description: 'Group label of one menu item' },
  typeTop: { id: 'admin.menu.typeTop', defaultMessage: 'Górne (top)', description: 'Menu type top' },
  typeBottom1: { id: 'admin.menu.typeBottom1', defaultMessage: 'Stopka, kolumna 1 (bottom1)', description: 'Menu type bottom1' },
  typeBottom2: { id: 'admin.menu.typeBottom2', defaultMessage: 'Stopka, kolumna 2 (bottom2)', description: 'Menu type bottom2' },
});
