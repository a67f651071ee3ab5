// Every area of the panel, each a declaration over the one list and the one form.
import type { Area } from '../lib/area';

import { bannersArea } from './banners';
import { complaintsArea } from './complaints';
import { contentsArea } from './contents';
import { couponsArea } from './coupons';
import { coursesArea } from './courses';
import { discountsArea } from './discounts';
import { invoicesArea } from './invoices';
import { menusArea } from './menus';
import { messagesArea } from './messages';
import { ordersArea } from './orders';
import { routesArea } from './routes';
import { waypointsArea } from './waypoints';

export const AREAS: Area[] = [routesArea, waypointsArea, coursesArea, discountsArea, couponsArea, ordersArea, invoicesArea, complaintsArea, messagesArea, bannersArea, menusArea, contentsArea];
