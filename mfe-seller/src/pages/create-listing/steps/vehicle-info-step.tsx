import { VIN_LENGTH } from '@carmarket/shared';
import { vehicleInfoSchema, type VehicleInfo, type VehicleInfoInput } from '@carmarket/shared/schemas';
import { TextField } from '@carmarket/shared/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FieldGrid, FormStack } from '../../../components/form-layout';
import { VehicleIdentityFields } from '../../../components/vehicle-identity-fields';
import { useAutosave } from '../use-autosave';
import type { StepProps } from './step-props';

/** Step 1: year → make → model → trim from the catalogue, mileage and VIN. */
export function VehicleInfoStep({ values, onChange, onNext, actions }: StepProps<VehicleInfoInput>) {
  const form = useForm<VehicleInfoInput, unknown, VehicleInfo>({
    resolver: zodResolver(vehicleInfoSchema),
    defaultValues: values,
  });
  useAutosave(form, onChange);
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <FormStack noValidate onSubmit={form.handleSubmit(() => onNext(form.getValues()))}>
      <FieldGrid>
        <VehicleIdentityFields form={form} withTrim />
        <TextField
          label="VIN"
          hint={`Optional. ${VIN_LENGTH} characters`}
          autoCapitalize="characters"
          maxLength={VIN_LENGTH}
          error={errors.vin?.message}
          {...register('vin')}
        />
      </FieldGrid>
      {actions}
    </FormStack>
  );
}
