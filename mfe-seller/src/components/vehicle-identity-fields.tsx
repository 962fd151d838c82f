import type { EditVehicleInput, VehicleInfoInput } from '@carmarket/shared/schemas';
import { TextField } from '@carmarket/shared/ui';
import type { UseFormReturn } from 'react-hook-form';
import { CatalogueSelects, type CatalogueValues } from '../features/catalogue/components/catalogue-selects';
import { narrowForm } from './form-group';

type IdentityInput = Pick<VehicleInfoInput & EditVehicleInput, 'year' | 'make' | 'model' | 'mileage'> & {
  trim?: VehicleInfoInput['trim'];
};

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export interface VehicleIdentityFieldsProps<T extends IdentityInput> {
  form: UseFormReturn<T, unknown, unknown>;
  /** The wizard asks for a trim; the editor's vehicle call has none. */
  withTrim: boolean;
}

/** Year → make → model (→ trim) from the catalogue, bound to the form, and the mileage. */
export function VehicleIdentityFields<T extends IdentityInput>({
  form,
  withTrim,
}: VehicleIdentityFieldsProps<T>) {
  const {
    register,
    watch,
    setValue,
    formState: { errors, isSubmitted },
  } = narrowForm<IdentityInput>(form);

  const values: CatalogueValues = {
    year: text(watch('year')),
    make: text(watch('make')),
    model: text(watch('model')),
    trim: text(watch('trim')),
  };

  const change = (changes: Partial<CatalogueValues>) => {
    for (const [field, value] of Object.entries(changes) as [keyof CatalogueValues, string][]) {
      if (field === 'trim' && !withTrim) continue;
      // After a failed save or Next, fields re-validate as they change, like registered inputs do.
      setValue(field, value, { shouldDirty: true, shouldValidate: isSubmitted });
    }
  };

  return (
    <>
      <CatalogueSelects
        values={values}
        onChange={change}
        withTrim={withTrim}
        errors={{
          year: errors.year?.message,
          make: errors.make?.message,
          model: errors.model?.message,
          trim: errors.trim?.message,
        }}
      />
      <TextField
        label="Mileage"
        required
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        error={errors.mileage?.message}
        {...register('mileage')}
      />
    </>
  );
}
