import { STATE_CODE_LENGTH, ZIP_LENGTH } from '@carmarket/shared';
import {
  contactLocationSchema,
  type ContactLocation,
  type ContactLocationInput,
} from '@carmarket/shared/schemas';
import { TextField } from '@carmarket/shared/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ContactFields } from '../../../components/contact-fields';
import { FieldGrid, FormStack } from '../../../components/form-layout';
import { useAutosave } from '../use-autosave';
import type { StepProps } from './step-props';

/** Step 5: how buyers reach the seller, and where the car is. */
export function ContactLocationStep({ values, onChange, onNext, actions }: StepProps<ContactLocationInput>) {
  const form = useForm<ContactLocationInput, unknown, ContactLocation>({
    resolver: zodResolver(contactLocationSchema),
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
        <ContactFields form={form} />
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
      </FieldGrid>
      {actions}
    </FormStack>
  );
}
