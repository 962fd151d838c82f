import {
  contactLocationSchema,
  type ContactLocation,
  type ContactLocationInput,
} from '@carmarket/shared/schemas';
import { PlaceFields } from '@carmarket/shared/ui';
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
        <PlaceFields register={register} errors={errors} />
      </FieldGrid>
      {actions}
    </FormStack>
  );
}
