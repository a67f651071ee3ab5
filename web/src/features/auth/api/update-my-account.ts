// POST /api/user/user/update-my-account {"my-account": {first_name, last_name, phone}}. The e-mail is
// not sent: it cannot be edited (docs/web.md, 'The account's e-mail is read-only').
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';

import type { AccountValues } from '../lib/validation';

import { accountResponseSchema, myAccountQueryKey, type Account } from './get-my-account';

export async function updateMyAccount(values: AccountValues): Promise<Account> {
  const body = await apiClient.post('/user/user/update-my-account', {
    body: {
      'my-account': {
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        phone: values.phone.trim(),
      },
    },
  });
  return accountResponseSchema.parse(body).data;
}

/** Saves the account; `onUser` gets the user as the session keeps it (the header shows the first name). */
export function useUpdateMyAccount(onUser: (user: Omit<Account, 'phone'>) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AccountValues) => updateMyAccount(values),
    meta: { loader: true },
    onSuccess: (account) => {
      queryClient.setQueryData(myAccountQueryKey, account);
      // The header shows the first name: keep the stored user in step.
      const { phone: _phone, ...user } = account;
      onUser(user);
    },
  });
}
