import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';

import { selectIsLoggedIn, useAuthStore } from '@/shared/stores/auth-store';

const messages = defineMessages<{ title: NoMessageValues; titleWithName: { name: string } }>({
  title: {
    id: 'layout.userMenu.title',
    defaultMessage: 'Twoje bilety',
    description: 'Button of the user dropdown, for guests (spec: "your tickets")',
  },
  titleWithName: {
    id: 'layout.userMenu.titleWithName',
    defaultMessage: 'Twoje bilety ({name})',
    description: 'Button of the user dropdown for a logged-in user, with the first name in brackets',
  },
});

/** The title of the user dropdown: "Twoje bilety", with the first name in brackets when logged in. */
export function useUserMenuTitle(): string {
  const intl = useIntl();
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const firstName = useAuthStore((state) => state.user?.first_name ?? '');
  return loggedIn && firstName
    ? intl.formatMessage(messages.titleWithName, { name: firstName })
    : intl.formatMessage(messages.title);
}

