import { VIN_LENGTH } from '@carmarket/shared';
import { lazyResolver, type VehicleInfo, type VehicleInfoInput } from '@carmarket/shared/schemas';
import { TextField } from '@carmarket/shared/ui';
import { useForm } from 'react-hook-form';
import { FieldGrid, FormStack } from '../../../components/form-layout';
import { VehicleIdentityFields } from '../../../components/vehicle-identity-fields';
import { useAutosave } from '../use-autosave';
import type { StepProps } from './step-props';
import { VinCheck } from './vin-check';

const vehicleInfoResolver = lazyResolver(async () => {
  const [{ zodResolver }, { vehicleInfoSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import(/* webpackExports: ["vehicleInfoSchema"] */ '@carmarket/shared/schemas'),
  ]);
  return zodResolver(vehicleInfoSchema);
});

/** Step 1: year → make → model → trim from the catalogue, mileage and VIN. */
export function VehicleInfoStep({ values, onChange, onNext, actions }: StepProps<VehicleInfoInput>) {
  const form = useForm<VehicleInfoInput, unknown, VehicleInfo>({
    resolver: vehicleInfoResolver,
    defaultValues: values,
  });
  useAutosave(form, onChange);
  const {
    register,
    watch,
    setValue,
    formState: { errors, isSubmitted },
  } = form;

  // Autofill follows the catalogue selects' rule: a new year or make clears what depended on it.
  const currentYear = String(watch('year') ?? '');
  const currentMake = String(watch('make') ?? '');
  const fillFromVin = ({ year, make }: { year: string; make?: string }) => {
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    const newMake = make ?? (year === currentYear ? currentMake : '');
    if (year === currentYear && newMake === currentMake) return;
    setValue('year', year, options);
    setValue('make', newMake, options);
    setValue('model', '', options);
    setValue('trim', '', options);
  };

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
        <VinCheck
          vin={String(watch('vin') ?? '')}
          year={currentYear}
          make={currentMake}
          onUse={fillFromVin}
        />
      </FieldGrid>
      {actions}
    </FormStack>
  );
}
