import type { Listing } from '@carmarket/shared';
import { editVehicleSchema, type EditVehicle, type EditVehicleInput } from '@carmarket/shared/schemas';
import { Button } from '@carmarket/shared/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FeatureFields, FuelEconomyFields } from '../../components/equipment-fields';
import { featureValues } from '../../components/feature-values';
import { FieldGrid, FormStack } from '../../components/form-layout';
import { VehicleDetailsFields } from '../../components/vehicle-details-fields';
import { VehicleIdentityFields } from '../../components/vehicle-identity-fields';
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
  cityMpg: vehicle.mpg.city === null ? '' : String(vehicle.mpg.city),
  highwayMpg: vehicle.mpg.highway === null ? '' : String(vehicle.mpg.highway),
  combinedMpg: vehicle.mpg.combined === null ? '' : String(vehicle.mpg.combined),
  features: featureValues(vehicle.features),
});

/**
 * Vehicle Information tab: PUT /listings/{id}/vehicle with the edit rules (no upper bound on
 * mileage or doors), fuel economy and features. The call has no trim: the server keeps it while
 * make and model stay.
 */
export function VehicleTab({ listing }: { listing: Listing }) {
  const update = useUpdateVehicle(listing._id);
  const form = useForm<EditVehicleInput, unknown, EditVehicle>({
    resolver: zodResolver(editVehicleSchema),
    defaultValues: toValues(listing),
  });
  const {
    reset,
    formState: { isSubmitting },
  } = form;

  useEffect(() => reset(toValues(listing)), [listing, reset]);

  const save = form.handleSubmit(async (values) => {
    const { exteriorColor, interiorColor, cityMpg, highwayMpg, combinedMpg, ...vehicle } = values;
    try {
      await update.mutateAsync({
        ...vehicle,
        color: { exterior: exteriorColor, interior: interiorColor },
        mpg: { city: cityMpg, highway: highwayMpg, combined: combinedMpg },
      });
      window.alert(VEHICLE_SAVED);
    } catch {
      // Shown below the form from the mutation's state.
    }
  });

  return (
    <FormStack noValidate onSubmit={save}>
      <FieldGrid>
        <VehicleIdentityFields form={form} withTrim={false} />
        <VehicleDetailsFields form={form} />
      </FieldGrid>
      <FuelEconomyFields form={form} />
      <FeatureFields form={form} />
      <SaveError error={update.error} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Vehicle Information'}
        </Button>
      </div>
    </FormStack>
  );
}
