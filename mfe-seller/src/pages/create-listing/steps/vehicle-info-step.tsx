import { vehicleInfoSchema, type VehicleInfo, type VehicleInfoInput } from '@carmarket/shared/schemas';
import { TextField } from '@carmarket/shared/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FieldGrid, FormStack } from '../../../components/form-layout';
import {
  CatalogueSelects,
  type CatalogueValues,
} from '../../../features/catalogue/components/catalogue-selects';
import { useAutosave } from '../use-autosave';
import type { StepProps } from './step-props';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Step 1: year → make → model → trim from the catalogue, mileage and VIN. */
export function VehicleInfoStep({ values, onChange, onNext, actions }: StepProps<VehicleInfoInput>) {
  const form = useForm<VehicleInfoInput, unknown, VehicleInfo>({
    resolver: zodResolver(vehicleInfoSchema),
    defaultValues: values,
  });
  useAutosave(form, onChange);
  const {
    register,
    watch,
    setValue,
    formState: { errors, isSubmitted },
  } = form;

  const catalogue: CatalogueValues = {
    year: text(watch('year')),
    make: text(watch('make')),
    model: text(watch('model')),
    trim: text(watch('trim')),
  };

  const changeCatalogue = (changes: Partial<CatalogueValues>) => {
    for (const [field, value] of Object.entries(changes) as [keyof CatalogueValues, string][]) {
      // After a failed Next, fields re-validate as they change, like registered inputs do.
      setValue(field, value, { shouldDirty: true, shouldValidate: isSubmitted });
    }
  };

  return (
    <FormStack noValidate onSubmit={form.handleSubmit(() => onNext(form.getValues()))}>
      <FieldGrid>
        <CatalogueSelects
          values={catalogue}
          onChange={changeCatalogue}
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
        <TextField
          label="VIN"
          hint="Optional. 17 characters"
          autoCapitalize="characters"
          maxLength={17}
          error={errors.vin?.message}
          {...register('vin')}
        />
      </FieldGrid>
      {actions}
    </FormStack>
  );
}
