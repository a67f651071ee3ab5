// Every area of the panel, each a declaration over the one list and the one form.
import type { Area } from '../lib/area';

import { routesArea } from './routes';
import { waypointsArea } from './waypoints';

export const AREAS: Area[] = [routesArea, waypointsArea];
