// Sends the check-ins made without a network, oldest first, once it is back. Each carries its own
// id, so one that reached the server before a dropped answer is recorded once. A refusal (the ticket
// was used on another coach meanwhile, say) is kept to show the driver; a network failure or an ended
// session stops the round and keeps the rest for the next.
import { isApiError } from '@/shared/api/api-error';

import { checkIn } from '../api/driver-api';
import { useDriverStore } from '../stores/driver-store';

let running: Promise<void> | null = null;

async function round(): Promise<void> {
  for (const pending of useDriverStore.getState().queue) {
    try {
      await checkIn(pending.body);
      useDriverStore.getState().settle({ check_in_id: pending.check_in_id, number: pending.number, accepted: true, message: null });
    } catch (error) {
      const final = isApiError(error) && error.status >= 400 && ![401, 408, 429].includes(error.status) && error.status < 500;
      if (!final) return;
      useDriverStore.getState().settle({ check_in_id: pending.check_in_id, number: pending.number, accepted: false, message: error.message });
    }
  }
}

/** One round at a time; a call while one runs waits for it. */
export function sendQueue(): Promise<void> {
  running ??= round().finally(() => {
    running = null;
  });
  return running;
}
