import { useId, type FormEvent } from 'react';
import { useIntl } from 'react-intl';

import { Button } from '@/shared/ui/button';

import type { FilterDef, Option } from '../lib/area';
import { filterChanges, filterKey, filterValue } from '../lib/list-params';
import { common } from '../messages/common-messages';

import { OptionLabel } from './option-label';

interface ListFiltersProps {
  filters: FilterDef[];
  search: URLSearchParams;
  onApply: (changes: Record<string, string>) => void;
}

function formText(value: FormDataEntryValue | null): string {
  return typeof value === 'string' ? value.trim() : '';
}

function FilterOptions({ options }: { options: Option[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      <OptionLabel label={option.label} />
    </option>
  ));
}

interface SelectProps {
  id: string;
  name: string;
  value: string;
  filter: FilterDef;
}

/** A select of options the API gives (routes): re-created when they arrive, so the applied one shows. */
function DynamicSelect({ id, name, value, filter }: SelectProps) {
  const options = filter.useOptions?.() ?? [];
  return <FilterSelect key={options.length} id={id} name={name} value={value} options={options} />;
}

function FilterSelect({ id, name, value, options }: Omit<SelectProps, 'filter'> & { options: Option[] }) {
  const intl = useIntl();
  return (
    <select id={id} name={name} className="form-field__input" defaultValue={value}>
      <option value="">{intl.formatMessage(common.anyOption)}</option>
      <FilterOptions options={options} />
    </select>
  );
}

/**
 * The list's filters, applied with the button (or Enter) rather than on every key: each applied filter
 * is one entry in the history, so the back button steps through searches.
 */
export function ListFilters({ filters, search, onApply }: ListFiltersProps) {
  const intl = useIntl();
  const formId = useId();
  if (filters.length === 0) return null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const changes: Record<string, string> = {};
    for (const filter of filters) Object.assign(changes, filterChanges(filter, formText(data.get(filterKey(filter)))));
    onApply(changes);
  };
  const clear = () => onApply(Object.assign({}, ...filters.map((filter) => filterChanges(filter, ''))) as Record<string, string>);

  return (
    // The key re-creates the inputs when the URL changes (back button), so they show the applied filters.
    <form key={search.toString()} className="admin-filters" aria-label={intl.formatMessage(common.filters)} onSubmit={submit}>
      {filters.map((filter) => {
        const key = filterKey(filter);
        const id = `${formId}-${filter.field}-${filter.op}`;
        const value = filterValue(filter, search);
        return (
          <div key={key} className="form-field admin-filters__field">
            <label htmlFor={id} className="form-field__label">
              {intl.formatMessage(filter.label)}
            </label>
            {filter.kind === 'select' && filter.useOptions ? (
              <DynamicSelect id={id} name={key} value={value} filter={filter} />
            ) : filter.kind === 'select' ? (
              <FilterSelect id={id} name={key} value={value} options={filter.options ?? []} />
            ) : (
              <input
                id={id}
                name={key}
                className="form-field__input"
                type={filter.kind === 'date' || filter.kind === 'day' ? 'date' : 'search'}
                defaultValue={value}
              />
            )}
          </div>
        );
      })}
      <div className="admin-filters__actions">
        <Button type="submit">{intl.formatMessage(common.applyFilters)}</Button>
        <Button variant="secondary" onClick={clear}>
          {intl.formatMessage(common.clearFilters)}
        </Button>
      </div>
    </form>
  );
}
