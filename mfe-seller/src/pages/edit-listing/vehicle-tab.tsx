import type { Listing } from '@carmarket/shared';
import { editVehicleSchema, type EditVehicle, type EditVehicleInput } from '@carmarket/shared/schemas';
import { Button, TextField } from '@carmarket/shared/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FieldGrid, FormStack } from '../../components/form-layout';
import { VehicleDetailsFields } from '../../components/vehicle-details-fields';
import {
  CatalogueSelects,
  type CatalogueValues,
} from '../../features/catalogue/components/catalogue-selects';
import { useUpdateVehicle } from '../../features/listing/api/update-vehicle';
import { SaveError } from './save-error';

export const VEHICLE_SAVED = 'Vehicle details updated successfully!';

const toValues = ({ vehicle }: Listing): EditVehicleInput => ({
  year: String(vehicle.year),
  make: vehicle.make,
  model: vehicle.model,
  mileage: String(vehicle.mileage),
  bodyType: vehicle.bodyType,
  fuelType: vehicle.fuelType,
  transmission: vehicle.transmission,
  drivetrain: vehicle.drivetrain,
  exteriorColor: vehicle.color.exterior,
  interiorColor: vehicle.color.interior,
  doors: String(vehicle.doors),
  condition: vehicle.condition,
  titleStatus: vehicle.titleStatus,
});

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * Vehicle Information tab: PUT /listings/{id}/vehicle with the edit rules (no upper bound on
 * mileage or doors). The call has no trim: the server keeps it while make and model stay.
 */
export function VehicleTab({ listing }: { listing: Listing }) {
  const update = useUpdateVehicle(listing._id);
  const form = useForm<EditVehicleInput, unknown, EditVehicle>({
    resolver: zodResolver(editVehicleSchema),
    defaultValues: toValues(listing),
  });
  const {
    register,
    watch,
    setValue,
    reset,
    formState: { errors, isSubmitted, isSubmitting },
  } = form;

  useEffect(() => reset(toValues(listing)), [listing, reset]);

  const catalogue: CatalogueValues = {
    year: text(watch('year')),
    make: text(watch('make')),
    model: text(watch('model')),
    trim: '',
  };
  const changeCatalogue = (changes: Partial<CatalogueValues>) => {
    for (const [field, value] of Object.entries(changes) as [keyof CatalogueValues, string][]) {
      if (field !== 'trim') setValue(field, value, { shouldDirty: true, shouldValidate: isSubmitted });
    }
  };

  const save = form.handleSubmit(async ({ exteriorColor, interiorColor, ...vehicle }) => {
    try {
      await update.mutateAsync({ ...vehicle, color: { exterior: exteriorColor, interior: interiorColor } });
      window.alert(VEHICLE_SAVED);
    } catch {
      // Shown below the form from the mutation's state.
    }
  });

  return (
    <FormStack noValidate onSubmit={save}>
      <FieldGrid>
        <CatalogueSelects
          values={catalogue}
          onChange={changeCatalogue}
          withTrim={false}
          errors={{ year: errors.year?.message, make: errors.make?.message, model: errors.model?.message }}
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
        <VehicleDetailsFields form={form} />
      </FieldGrid>
      <SaveError error={update.error} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Vehicle Information'}
        </Button>
      </div>
    </FormStack>
  );
}
