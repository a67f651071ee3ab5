// The rules of the course page's disruption section, apart from its components.
import type { Disruption, DisruptionPassenger } from '../api/course-disruption';

/** Whether the office can still choose for this passenger: a choice is offered and none was made. */
export function canChooseFor(disruption: Disruption, passenger: DisruptionPassenger): boolean {
  return disruption.choice_offered && (passenger.state === 'to_tell' || passenger.state === 'told');
}
