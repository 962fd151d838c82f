// Where a car or a business is: city, state and ZIP code, as the seller's wizard and the dealer
// profile ask for them. Pure: the caller's form (react-hook-form) registers the fields.
import { STATE_CODE_LENGTH, ZIP_LENGTH } from '@carmarket/shared';
import { TextField, type TextFieldProps } from './fields.js';

type PlaceField = 'city' | 'state' | 'zipCode';

export interface PlaceFieldsProps {
  /** What a field needs to join the form (its name, ref and handlers): react-hook-form's `register`. */
  register: (name: PlaceField) => Omit<TextFieldProps, 'label'>;
  /** The form's errors (react-hook-form's `formState.errors`). */
  errors: Partial<Record<PlaceField, { message?: string }>>;
}

/** City, state (two letters) and ZIP code, all required; the caller lays them out. */
export function PlaceFields({ register, errors }: PlaceFieldsProps) {
  return (
    <>
      <TextField
        label="City"
        required
        autoComplete="address-level2"
        error={errors.city?.message}
        {...register('city')}
      />
      <TextField
        label="State"
        required
        autoComplete="address-level1"
        placeholder="TX"
        maxLength={STATE_CODE_LENGTH}
        error={errors.state?.message}
        {...register('state')}
      />
      <TextField
        label="ZIP code"
        required
        autoComplete="postal-code"
        inputMode="numeric"
        maxLength={ZIP_LENGTH}
        error={errors.zipCode?.message}
        {...register('zipCode')}
      />
    </>
  );
}
