// POST /api/order/disruption/choose {token, choice, to_course_id}: the passenger's one choice for all
// the order's tickets on the course: another course (one of the offer's alternatives) or a full
// refund. Answers the offer after the choice. Refusals: 404 `disruption.link_invalid`, 409
// `disruption.already_chosen`, `disruption.choice_closed`, `seats.not_enough`, 422 on `to_course_id`.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf } from '@/shared/api/schema';

import { disruptionOfferKey, type DisruptionOffer } from './get-disruption-offer';

export type PassengerChoice = { choice: 'move'; toCourseId: string } | { choice: 'refund' };

export async function chooseDisruption(token: string, choice: PassengerChoice): Promise<DisruptionOffer> {
  const body = { token, choice: choice.choice, to_course_id: choice.choice === 'move' ? choice.toCourseId : null };
  // Refusals are said on the page, by code.
  return dataOf<DisruptionOffer>(await apiClient.post('/order/disruption/choose', { body, toast: false }));
}

export function useChooseDisruption(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: PassengerChoice) => chooseDisruption(token, choice),
    // Whatever day's alternatives the page read, the choice is now made.
    onSuccess: (offer) => queryClient.setQueriesData({ queryKey: disruptionOfferKey(token) }, offer),
    // A refusal (chosen elsewhere, closed, a course filled up) makes the offer worth reading again.
    onError: () => void queryClient.invalidateQueries({ queryKey: disruptionOfferKey(token) }),
    meta: { loader: true },
  });
}
