// The rules of the course page's disruption section, apart from its components.
import type { Disruption, DisruptionPassenger } from '../api/course-disruption';

/** Whether the office can still choose for this passenger: a choice is offered and none was made. */
export function canChooseFor(disruption: Disruption, passenger: DisruptionPassenger): boolean {
  // An order never paid has nothing to move nor refund (the server refuses the choice).
  return disruption.choice_offered && passenger.paid && (passenger.state === 'to_tell' || passenger.state === 'told');
}
