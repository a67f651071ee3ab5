// POST /api/user/user/update-my-account {"my-account": {first_name, last_name, phone}}. The e-mail is
// not sent: it cannot be edited (spec §5).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { useAuthStore } from '@/shared/stores/auth-store';
import { withLoader } from '@/shared/stores/loader-store';

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

export function useUpdateMyAccount() {
  const queryClient = useQueryClient();
  const setUser = useAuthStore((state) => state.setUser);
  return useMutation({
    mutationFn: (values: AccountValues) => withLoader(updateMyAccount(values)),
    onSuccess: (account) => {
      queryClient.setQueryData(myAccountQueryKey, account);
      // The header shows the first name: keep the stored user in step.
      const { phone: _phone, ...user } = account;
      setUser(user);
    },
  });
}
