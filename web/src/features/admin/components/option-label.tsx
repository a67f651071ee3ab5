import { useIntl } from 'react-intl';

import type { Option } from '../lib/area';

/** An option's label: a catalogue message, or a name from the API. */
export function OptionLabel({ label }: { label: Option['label'] }) {
  const intl = useIntl();
  return <>{typeof label === 'string' ? label : intl.formatMessage(label)}</>;
}
