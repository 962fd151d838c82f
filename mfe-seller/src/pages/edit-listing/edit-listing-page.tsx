import {
  BODY_TYPE_LABELS,
  CONDITION_LABELS,
  CONTACT_METHOD_LABELS,
  formatMileage,
  formatPrice,
  formatVehicleName,
  FUEL_TYPE_LABELS,
  routes,
  TRANSMISSION_LABELS,
} from '@carmarket/shared';
import { Button, PageContainer, Skeleton } from '@carmarket/shared/ui';
import axios from 'axios';
import { Fragment } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Tabs } from '../../components/tabs';
import { useListing } from '../../features/listing/api/get-listing';
import { RemoteRoot } from '../../remote-root';

const Values = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.5rem 1.5rem;
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
  }
`;

function ValueList({ values }: { values: [string, string][] }) {
  return (
    <Values>
      {values.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </Values>
  );
}

const LoadFailure = styled.div`
  padding: ${({ theme }) => `${theme.space.xxl} 0`};
  text-align: center;
`;

const isNotFound = (error: unknown) => axios.isAxiosError(error) && error.response?.status === 404;

/** /edit-listing/{id} (spec §2): the three-tab editor of one listing. */
export function EditListingPage() {
  const { id = '' } = useParams();
  const { data: listing, isPending, isError, error } = useListing(id);

  return (
    <RemoteRoot>
      <PageContainer>
        <Button as={Link} to={routes.dashboard} $variant="secondary" $size="sm">
          Back to Dashboard
        </Button>
        {isPending ? (
          <div role="status">
            <p>Loading listing...</p>
            <Skeleton $height="12rem" />
          </div>
        ) : isError ? (
          <LoadFailure role="alert">
            <h1>{isNotFound(error) ? 'Listing not found' : 'Failed to load listing'}</h1>
            <p>
              {isNotFound(error)
                ? 'This listing does not exist or has been removed.'
                : 'Please try again in a moment.'}
            </p>
          </LoadFailure>
        ) : (
          <>
            <h1>Edit Listing</h1>
            <p>{listing.title}</p>
            <Tabs
              label="Edit listing"
              items={[
                {
                  label: 'Listing Details',
                  content: (
                    <ValueList
                      values={[
                        ['Title', listing.title],
                        ['Price', formatPrice(listing.price.amount)],
                        [
                          'Preferred contact',
                          CONTACT_METHOD_LABELS[listing.contactPreferences.preferredMethod],
                        ],
                      ]}
                    />
                  ),
                },
                {
                  label: 'Vehicle Information',
                  content: (
                    <ValueList
                      values={[
                        ['Vehicle', formatVehicleName(listing.vehicle)],
                        ['Mileage', formatMileage(listing.vehicle.mileage)],
                        ['Body type', BODY_TYPE_LABELS[listing.vehicle.bodyType]],
                        ['Fuel type', FUEL_TYPE_LABELS[listing.vehicle.fuelType]],
                        ['Transmission', TRANSMISSION_LABELS[listing.vehicle.transmission]],
                        ['Condition', CONDITION_LABELS[listing.vehicle.condition]],
                      ]}
                    />
                  ),
                },
                {
                  label: 'Photos',
                  content: <p>{listing.vehicle.images.length} photos</p>,
                },
              ]}
            />
          </>
        )}
      </PageContainer>
    </RemoteRoot>
  );
}
