import { fields } from '../messages/field-messages';

import type { Option } from './area';

/** The link targets the API accepts: `nuxt-link` (in-app) or an anchor target. */
export const LINK_TARGETS: Option[] = [
  { value: 'nuxt-link', label: fields.targetApp },
  { value: '_self', label: '_self' },
  { value: '_blank', label: '_blank' },
  { value: '_parent', label: '_parent' },
  { value: '_top', label: '_top' },
];
