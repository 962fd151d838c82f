import { DOORS_MAX, DOORS_MIN } from '@carmarket/shared';
import {
  vehicleDetailsSchema,
  type VehicleDetails,
  type VehicleDetailsInput,
} from '@carmarket/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FeatureFields, FuelEconomyFields } from '../../../components/equipment-fields';
import { FieldGrid, FormStack } from '../../../components/form-layout';
import { VehicleDetailsFields } from '../../../components/vehicle-details-fields';
import { useAutosave } from '../use-autosave';
import type { StepProps } from './step-props';

/** Step 2: the vehicle's specification and condition, then its fuel economy and features (optional). */
export function VehicleDetailsStep({ values, onChange, onNext, actions }: StepProps<VehicleDetailsInput>) {
  const form = useForm<VehicleDetailsInput, unknown, VehicleDetails>({
    resolver: zodResolver(vehicleDetailsSchema),
    defaultValues: values,
  });
  useAutosave(form, onChange);
  return (
    <FormStack noValidate onSubmit={form.handleSubmit(() => onNext(form.getValues()))}>
      <FieldGrid>
        <VehicleDetailsFields form={form} doorsHint={`${DOORS_MIN} to ${DOORS_MAX}`} />
      </FieldGrid>
      <FuelEconomyFields form={form} />
      <FeatureFields form={form} />
      {actions}
    </FormStack>
  );
}
