import { SelectField, type SelectOption } from '@carmarket/shared/ui';
import { useMakes } from '../api/get-makes';
import { useModels } from '../api/get-models';
import { useTrims } from '../api/get-trims';
import { useYears } from '../api/get-years';

export interface CatalogueValues {
  year: string;
  make: string;
  model: string;
  trim: string;
}

export type CatalogueField = keyof CatalogueValues;

export interface CatalogueSelectsProps {
  values: CatalogueValues;
  errors?: Partial<Record<CatalogueField, string>>;
  /** Receives the changed field together with the fields it clears. */
  onChange: (changes: Partial<CatalogueValues>) => void;
  /** The editor's vehicle call has no trim, so its form leaves the trim select out. */
  withTrim?: boolean;
}

/**
 * Each choice decides the next one's list (spec §4): changing the year clears make, model and
 * trim; the make clears model and trim; the model clears the trim.
 */
const clearedBy: Record<CatalogueField, Partial<CatalogueValues>> = {
  year: { make: '', model: '', trim: '' },
  make: { model: '', trim: '' },
  model: { trim: '' },
  trim: {},
};

/**
 * The options, plus the current value when the list lacks it: a listing saved before the
 * catalogue changed still shows its own make and model.
 */
function withCurrent(options: SelectOption[], current: string): SelectOption[] {
  if (current === '' || options.some((option) => option.value === current)) return options;
  return [{ value: current, label: current }, ...options];
}

const placeholder = (loading: boolean, text: string) => (loading ? 'Loading...' : text);

/** Year → make → model (→ trim) selects fed by the vehicle catalogue (cached for 24 hours). */
export function CatalogueSelects({ values, errors = {}, onChange, withTrim = true }: CatalogueSelectsProps) {
  const yearNumber = values.year === '' ? undefined : Number(values.year);
  const years = useYears();
  const makes = useMakes(yearNumber);
  const models = useModels(yearNumber, values.make);
  const trims = useTrims(yearNumber, values.make, values.model);

  const change = (field: CatalogueField) => (event: { target: { value: string } }) =>
    onChange({ [field]: event.target.value, ...clearedBy[field] });

  const loadError = [years, makes, models, trims].some((query) => query.isError)
    ? 'The vehicle list could not be loaded. Please try again.'
    : undefined;

  return (
    <>
      <SelectField
        label="Year"
        required
        value={values.year}
        onChange={change('year')}
        error={errors.year ?? (years.isError ? loadError : undefined)}
        placeholder={placeholder(years.isPending, 'Select year')}
        options={withCurrent(
          (years.data ?? []).map((year) => ({ value: String(year), label: String(year) })),
          values.year,
        )}
      />
      <SelectField
        label="Make"
        required
        value={values.make}
        onChange={change('make')}
        disabled={values.year === ''}
        error={errors.make ?? (makes.isError ? loadError : undefined)}
        placeholder={placeholder(makes.isFetching, 'Select make')}
        options={withCurrent(
          (makes.data ?? []).map(({ make }) => ({ value: make, label: make })),
          values.make,
        )}
      />
      <SelectField
        label="Model"
        required
        value={values.model}
        onChange={change('model')}
        disabled={values.make === ''}
        error={errors.model ?? (models.isError ? loadError : undefined)}
        placeholder={placeholder(models.isFetching, 'Select model')}
        options={withCurrent(
          (models.data ?? []).map(({ model }) => ({ value: model, label: model })),
          values.model,
        )}
      />
      {withTrim && (
        <SelectField
          label="Trim"
          hint="Optional"
          value={values.trim}
          onChange={change('trim')}
          disabled={values.model === ''}
          error={errors.trim ?? (trims.isError ? loadError : undefined)}
          placeholder={placeholder(trims.isFetching, 'Select trim (optional)')}
          options={withCurrent(
            (trims.data ?? []).map(({ trim, engineSize, transmission }) => ({
              value: trim,
              label: [trim, [engineSize, transmission].filter(Boolean).join(', ')]
                .filter(Boolean)
                .join(' — '),
            })),
            values.trim,
          )}
        />
      )}
    </>
  );
}
