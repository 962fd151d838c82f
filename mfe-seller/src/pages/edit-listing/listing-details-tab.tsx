import { PRICE_CURRENCY, type Listing } from '@carmarket/shared';
import {
  lazyResolver,
  type EditListingDetails,
  type EditListingDetailsInput,
} from '@carmarket/shared/schemas';
import { Button } from '@carmarket/shared/ui';
import { lazy, Suspense, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ContactFields } from '../../components/contact-fields';
import { FieldGrid, FormStack } from '../../components/form-layout';
import { ListingFields } from '../../components/listing-fields';
import { useUpdateListing } from '../../features/listing/api/update-listing';
import { SaveError } from './save-error';

// Fetched with its own chunk when shown: the route's first load stays within its budget.
const DealRatingPreview = lazy(() =>
  import('../../features/deal-rating/components/deal-rating-preview').then((module) => ({
    default: module.DealRatingPreview,
  })),
);

const detailsResolver = lazyResolver(async () => {
  const [{ zodResolver }, { editListingDetailsSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import(/* webpackExports: ["editListingDetailsSchema"] */ '@carmarket/shared/schemas'),
  ]);
  return zodResolver(editListingDetailsSchema);
});

export const DETAILS_SAVED = 'Listing details updated successfully!';

const toValues = (listing: Listing): EditListingDetailsInput => ({
  title: listing.title,
  description: listing.description,
  price: String(listing.price.amount),
  negotiable: listing.price.negotiable,
  hasWarranty: listing.hasWarranty,
  acceptsTradeIn: listing.acceptsTradeIn,
  financingAvailable: listing.financingAvailable,
  phone: listing.contactPreferences.phone ?? '',
  preferredMethod: listing.contactPreferences.preferredMethod,
});

/** Listing Details tab: PUT /listings/{id} with the edit rules (no upper bounds), and the sale terms. */
export function ListingDetailsTab({ listing }: { listing: Listing }) {
  const update = useUpdateListing(listing._id);
  const form = useForm<EditListingDetailsInput, unknown, EditListingDetails>({
    resolver: detailsResolver,
    defaultValues: toValues(listing),
  });
  const { reset, formState } = form;

  // The saved listing comes back from the server: the form shows what is stored now.
  useEffect(() => reset(toValues(listing)), [listing, reset]);

  const save = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        title: values.title,
        description: values.description,
        price: { amount: values.price, currency: PRICE_CURRENCY, negotiable: values.negotiable },
        hasWarranty: values.hasWarranty,
        acceptsTradeIn: values.acceptsTradeIn,
        financingAvailable: values.financingAvailable,
        contactPreferences: { phone: values.phone, preferredMethod: values.preferredMethod },
      });
      window.alert(DETAILS_SAVED);
    } catch {
      // Shown below the form from the mutation's state.
    }
  });

  const price = Number(form.watch('price'));
  const { vehicle } = listing;
  return (
    <FormStack noValidate onSubmit={save}>
      <ListingFields form={form} />
      <Suspense fallback={null}>
        <DealRatingPreview
          query={
            Number.isInteger(price) && price > 0
              ? {
                  make: vehicle.make,
                  model: vehicle.model,
                  year: vehicle.year,
                  mileage: vehicle.mileage,
                  condition: vehicle.condition,
                  titleStatus: vehicle.titleStatus,
                  price,
                  zipCode: vehicle.location.address.zipCode,
                }
              : null
          }
        />
      </Suspense>
      <FieldGrid>
        <ContactFields form={form} />
      </FieldGrid>
      <SaveError error={update.error} />
      <div>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : 'Save Listing Details'}
        </Button>
      </div>
    </FormStack>
  );
}
