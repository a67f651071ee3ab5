import { useMutation } from '@tanstack/react-query';

import { showToast } from '@/shared/stores/toast-store';

import { useInvalidateArea } from '../api/admin-data';
import { adminErrorToast } from '../lib/admin-errors';

/** A save or delete of related records (a route's stops, its prices): refreshes `apiPath`'s reads, tells a failure. */
export function useRecordMutation<Input>(apiPath: string, run: (input: Input) => Promise<unknown>) {
  const invalidate = useInvalidateArea();
  return useMutation({
    mutationFn: run,
    onSettled: () => invalidate(apiPath),
    onError: (error) => showToast(adminErrorToast(error)),
    meta: { loader: true },
  });
}
