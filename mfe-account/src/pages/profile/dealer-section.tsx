import { getErrorMessage, getRequestId, routes, type Dealer } from '@carmarket/shared';
import { Link } from '@carmarket/shared/router';
import { lazyResolver, type DealerProfile, type DealerProfileInput } from '@carmarket/shared/schemas';
import { Button, Card, PlaceFields, SupportRequestId, TextField } from '@carmarket/shared/ui';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import { useMyDealer } from '../../features/dealer/api/get-my-dealer';
import { useSaveDealer } from '../../features/dealer/api/save-dealer';
import { Form, Message } from './form-parts';

// Only a dealer imports inventory: the CSV import and the listing schemas it checks rows with are
// fetched when a dealer's profile shows it, not with every profile page.
const InventoryImport = lazy(() =>
  import('./inventory-import').then((module) => ({ default: module.InventoryImport })),
);

const Section = styled.section`
  margin-top: 1.5rem;
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 5rem 7rem;
  gap: 1rem;

  @media (max-width: 30rem) {
    grid-template-columns: 1fr;
  }
`;

const dealerResolver = lazyResolver(async () => {
  const [{ zodResolver }, { dealerProfileSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import(/* webpackExports: ["dealerProfileSchema"] */ '@carmarket/shared/schemas'),
  ]);
  return zodResolver(dealerProfileSchema);
});

const toFormValues = (dealer: Dealer | null | undefined): DealerProfileInput => ({
  businessName: dealer?.businessName ?? '',
  street: dealer?.address.street ?? '',
  city: dealer?.address.city ?? '',
  state: dealer?.address.state ?? '',
  zipCode: dealer?.address.zipCode ?? '',
  phone: dealer?.phone ?? '',
  website: dealer?.website ?? '',
});

function DealerForm({ dealer, save }: { dealer: Dealer | null; save: ReturnType<typeof useSaveDealer> }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<DealerProfileInput, unknown, DealerProfile>({
    resolver: dealerResolver,
    defaultValues: toFormValues(dealer),
  });
  const submit = handleSubmit((profile) => save.mutateAsync(profile).catch(() => undefined));

  return (
    <Form onSubmit={submit} noValidate aria-label="Dealer business">
      <TextField
        label="Business name"
        required
        autoComplete="organization"
        error={errors.businessName?.message}
        {...register('businessName')}
      />
      <TextField
        label="Street address"
        required
        autoComplete="street-address"
        error={errors.street?.message}
        {...register('street')}
      />
      <Row>
        <PlaceFields register={register} errors={errors} />
      </Row>
      <TextField
        label="Business phone"
        required
        type="tel"
        autoComplete="tel"
        placeholder="123-456-7890"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        label="Website"
        hint="Optional"
        type="url"
        autoComplete="url"
        placeholder="https://"
        error={errors.website?.message}
        {...register('website')}
      />
      <div role="status">{save.isSuccess && <Message>Dealer details saved.</Message>}</div>
      {save.isError && (
        <div role="alert">
          <Message $error>{getErrorMessage(save.error, 'Failed to save the dealer details')}</Message>
          <SupportRequestId requestId={getRequestId(save.error)} />
        </div>
      )}
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : dealer ? 'Save Dealer Details' : 'Become a Dealer'}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The profile's dealer part: a private seller can become a dealer (business name, address,
 * phone, website); a dealer edits the business and reaches its public page.
 */
export function DealerSection() {
  const dealer = useMyDealer();
  // Owned here, not by the form: the first save turns the set-up form into the dealer's own, and
  // its confirmation must survive that.
  const save = useSaveDealer();
  const [opened, setOpened] = useState(false);
  const current = dealer.data ?? null;

  return (
    <Section aria-labelledby="dealer-heading">
      <Card>
        <h2 id="dealer-heading">Dealer account</h2>
        {dealer.isPending ? (
          <p>Loading...</p>
        ) : dealer.isError ? (
          <div role="alert">
            <Message $error>{getErrorMessage(dealer.error, 'Failed to load the dealer details')}</Message>
            <SupportRequestId requestId={getRequestId(dealer.error)} />
          </div>
        ) : (
          <>
            {current && (
              <p>
                Your listings show the Dealer badge.{' '}
                <Link to={routes.dealer(current._id)}>View your dealer page</Link>
              </p>
            )}
            {current || opened ? (
              <DealerForm dealer={current} save={save} />
            ) : (
              <>
                <p>
                  Selling cars as a business? Dealer listings carry a Dealer badge and share a dealer page.
                </p>
                <Button type="button" $variant="secondary" onClick={() => setOpened(true)}>
                  Set Up a Dealer Account
                </Button>
              </>
            )}
            {current && (
              <Suspense fallback={null}>
                <InventoryImport />
              </Suspense>
            )}
          </>
        )}
      </Card>
    </Section>
  );
}
