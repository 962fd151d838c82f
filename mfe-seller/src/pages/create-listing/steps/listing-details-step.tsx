import {
  listingDetailsSchema,
  type ListingDetails,
  type ListingDetailsInput,
} from '@carmarket/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormStack } from '../../../components/form-layout';
import { ListingFields } from '../../../components/listing-fields';
import { useAutosave } from '../use-autosave';
import type { StepProps } from './step-props';

/** Step 4: what buyers read first, and the price. */
export function ListingDetailsStep({ values, onChange, onNext, actions }: StepProps<ListingDetailsInput>) {
  const form = useForm<ListingDetailsInput, unknown, ListingDetails>({
    resolver: zodResolver(listingDetailsSchema),
    defaultValues: values,
  });
  useAutosave(form, onChange);
  return (
    <FormStack noValidate onSubmit={form.handleSubmit(() => onNext(form.getValues()))}>
      <ListingFields form={form} />
      {actions}
    </FormStack>
  );
}
