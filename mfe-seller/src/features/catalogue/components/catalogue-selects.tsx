import { Button, SelectField, TextField, type SelectOption } from '@carmarket/shared/ui';
import { useState } from 'react';
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

/** The select option that switches make or model to a text field. */
const NOT_LISTED = '__not-listed__';
const notListedOption: SelectOption = { value: NOT_LISTED, label: 'Not listed: type it' };

/**
 * Year → make → model (→ trim) selects fed by the vehicle catalogue (cached for 24 hours). Where
 * the catalogue has no makes for the year (cars before 1992), or the seller picks "Not listed",
 * make and model (and trim) become text fields; the API keeps one spelling per name.
 */
export function CatalogueSelects({ values, errors = {}, onChange, withTrim = true }: CatalogueSelectsProps) {
  const yearNumber = values.year === '' ? undefined : Number(values.year);
  const years = useYears();
  const makes = useMakes(yearNumber);
  const [chosenTyped, setChosenTyped] = useState({ make: false, model: false });

  const noMakesForYear = yearNumber !== undefined && makes.isSuccess && makes.data.length === 0;
  // A saved make or model the lists lack (typed when it was listed) stays a text field to edit.
  const savedMakeUnlisted =
    makes.isSuccess && values.make !== '' && !makes.data.some(({ make }) => make === values.make);
  const typedMake = noMakesForYear || chosenTyped.make || savedMakeUnlisted;
  // Typed names are not looked up as they are typed: the lists after them would be empty anyway.
  const models = useModels(yearNumber, typedMake ? '' : values.make);
  const savedModelUnlisted =
    models.isSuccess && values.model !== '' && !models.data.some(({ model }) => model === values.model);
  const typedModel = typedMake || chosenTyped.model || savedModelUnlisted;
  const trims = useTrims(yearNumber, values.make, typedModel ? '' : values.model);

  const change = (field: CatalogueField) => (event: { target: { value: string } }) => {
    const { value } = event.target;
    if (value === NOT_LISTED) {
      setChosenTyped((chosen) => ({ ...chosen, [field]: true }));
      onChange({ [field]: '', ...clearedBy[field] });
      return;
    }
    if (field === 'year') setChosenTyped({ make: false, model: false });
    if (field === 'make') setChosenTyped((chosen) => ({ ...chosen, model: false }));
    onChange({ [field]: value, ...clearedBy[field] });
  };
  // Typing corrects a name in place: the names after it stay.
  const type = (field: CatalogueField) => (event: { target: { value: string } }) =>
    onChange({ [field]: event.target.value });
  const backToList = (field: 'make' | 'model') => () => {
    setChosenTyped((chosen) => ({
      ...chosen,
      [field]: false,
      ...(field === 'make' ? { model: false } : {}),
    }));
    onChange({ [field]: '', ...clearedBy[field] });
  };

  const loadError = [years, makes, models, trims].some((query) => query.isError)
    ? 'The vehicle list could not be loaded. Please try again.'
    : undefined;
  const typedHint = (name: string) =>
    noMakesForYear ? `The vehicle list has no ${name}s for ${values.year}: type it` : undefined;

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
      {typedMake ? (
        <>
          <TextField
            label="Make"
            required
            value={values.make}
            onChange={type('make')}
            hint={typedHint('make')}
            error={errors.make}
            autoComplete="off"
          />
          {chosenTyped.make && (
            <Button type="button" $variant="secondary" onClick={backToList('make')}>
              Choose make from the list
            </Button>
          )}
        </>
      ) : (
        <SelectField
          label="Make"
          required
          value={values.make}
          onChange={change('make')}
          disabled={values.year === ''}
          error={errors.make ?? (makes.isError ? loadError : undefined)}
          placeholder={placeholder(makes.isFetching, 'Select make')}
          options={[
            ...withCurrent(
              (makes.data ?? []).map(({ make }) => ({ value: make, label: make })),
              values.make,
            ),
            notListedOption,
          ]}
        />
      )}
      {typedModel ? (
        <>
          <TextField
            label="Model"
            required
            value={values.model}
            onChange={type('model')}
            hint={typedHint('model')}
            error={errors.model}
            autoComplete="off"
          />
          {chosenTyped.model && !typedMake && (
            <Button type="button" $variant="secondary" onClick={backToList('model')}>
              Choose model from the list
            </Button>
          )}
        </>
      ) : (
        <SelectField
          label="Model"
          required
          value={values.model}
          onChange={change('model')}
          disabled={values.make === ''}
          error={errors.model ?? (models.isError ? loadError : undefined)}
          placeholder={placeholder(models.isFetching, 'Select model')}
          options={[
            ...withCurrent(
              (models.data ?? []).map(({ model }) => ({ value: model, label: model })),
              values.model,
            ),
            notListedOption,
          ]}
        />
      )}
      {withTrim &&
        (typedModel ? (
          <TextField
            label="Trim"
            hint="Optional"
            value={values.trim}
            onChange={type('trim')}
            error={errors.trim}
            autoComplete="off"
          />
        ) : (
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
        ))}
    </>
  );
}
