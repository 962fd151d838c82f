import {
  BODY_TYPE_LABELS,
  CONDITION_LABELS,
  CONTACT_METHOD_LABELS,
  DRIVETRAIN_LABELS,
  FEATURE_CATEGORIES,
  FEATURE_CATEGORY_LABELS,
  formatMileage,
  formatMpg,
  formatPrice,
  formatVehicleName,
  FUEL_TYPE_LABELS,
  REVIEW_THUMBNAILS,
  TITLE_STATUS_LABELS,
  TRANSMISSION_LABELS,
} from '@carmarket/shared';
import type { ContactLocation, ListingDetails, VehicleDetails, VehicleInfo } from '@carmarket/shared/schemas';
import { Badge } from '@carmarket/shared/ui';
import { Fragment, lazy, Suspense, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { FormStack } from '../../../components/form-layout';
import { SALE_TERM_LABELS, type SaleTerm } from '../../../components/listing-fields';
import type { PhotoItem } from '../../../features/photos/hooks/use-photo-list';

// Fetched with its own chunk when shown: the route's first load stays within its budget.
const DealRatingPreview = lazy(() =>
  import('../../../features/deal-rating/components/deal-rating-preview').then((module) => ({
    default: module.DealRatingPreview,
  })),
);

const Section = styled.section`
  h3 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.lg}`};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Thumbnails = styled.ul`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  img {
    width: 6rem;
    aspect-ratio: 4 / 3;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;

const Uploads = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: ${({ theme }) => `${theme.space.md} 0 0`};
  padding: 0;
  list-style: none;
`;

function FactList({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <Facts>
      {facts.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </Facts>
  );
}

export interface ReviewStepProps {
  vehicleInfo: VehicleInfo;
  vehicleDetails: VehicleDetails;
  listingDetails: ListingDetails;
  contactLocation: ContactLocation;
  photos: readonly PhotoItem[];
  progress: Readonly<Record<string, number>>;
  onSubmit: () => void;
  /** The name prompt for a seller who has not given a name yet (their first listing). */
  sellerName?: ReactNode;
  actions: ReactNode;
}

/** Step 6: everything once more, the photo count and the first 4 thumbnails, then Submit Listing. */
export function ReviewStep({
  vehicleInfo,
  vehicleDetails,
  listingDetails,
  contactLocation,
  photos,
  progress,
  onSubmit,
  sellerName,
  actions,
}: ReviewStepProps) {
  const shown = photos.slice(0, REVIEW_THUMBNAILS);
  const { features } = vehicleDetails;
  const featureFacts = FEATURE_CATEGORIES.filter((category) => features[category].length > 0).map(
    (category): [string, string] => [FEATURE_CATEGORY_LABELS[category], features[category].join(', ')],
  );
  const terms = (Object.keys(SALE_TERM_LABELS) as SaleTerm[]).filter((term) => listingDetails[term]);
  const more = photos.length - shown.length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <FormStack noValidate onSubmit={submit}>
      <Section aria-labelledby="review-vehicle">
        <h3 id="review-vehicle">Vehicle</h3>
        <FactList
          facts={[
            ['Vehicle', formatVehicleName(vehicleInfo)],
            ['Mileage', formatMileage(vehicleInfo.mileage)],
            ['VIN', vehicleInfo.vin ?? 'Not given'],
          ]}
        />
      </Section>
      <Section aria-labelledby="review-details">
        <h3 id="review-details">Details</h3>
        <FactList
          facts={[
            ['Body type', BODY_TYPE_LABELS[vehicleDetails.bodyType]],
            ['Fuel type', FUEL_TYPE_LABELS[vehicleDetails.fuelType]],
            ['Transmission', TRANSMISSION_LABELS[vehicleDetails.transmission]],
            ['Drivetrain', DRIVETRAIN_LABELS[vehicleDetails.drivetrain]],
            ['Colors', `${vehicleDetails.exteriorColor} exterior, ${vehicleDetails.interiorColor} interior`],
            ['Doors', String(vehicleDetails.doors)],
            ['Condition', CONDITION_LABELS[vehicleDetails.condition]],
            ['Title status', TITLE_STATUS_LABELS[vehicleDetails.titleStatus]],
            [
              'Fuel economy',
              formatMpg({
                city: vehicleDetails.cityMpg,
                highway: vehicleDetails.highwayMpg,
                combined: vehicleDetails.combinedMpg,
              }),
            ],
          ]}
        />
      </Section>
      <Section aria-labelledby="review-features">
        <h3 id="review-features">Features</h3>
        {featureFacts.length > 0 ? <FactList facts={featureFacts} /> : <p>None ticked</p>}
      </Section>
      <Section aria-labelledby="review-listing">
        <h3 id="review-listing">Listing</h3>
        <FactList
          facts={[
            ['Title', listingDetails.title],
            [
              'Price',
              <>
                {formatPrice(listingDetails.price)} {listingDetails.negotiable && <Badge>Negotiable</Badge>}
              </>,
            ],
            ['Location', `${contactLocation.city}, ${contactLocation.state} ${contactLocation.zipCode}`],
            ['Contact', CONTACT_METHOD_LABELS[contactLocation.preferredMethod]],
            ['Phone', contactLocation.phone ?? 'Not given'],
            [
              'Sale terms',
              terms.length > 0 ? terms.map((term) => SALE_TERM_LABELS[term]).join(', ') : 'None',
            ],
          ]}
        />
      </Section>
      <Suspense fallback={null}>
        <DealRatingPreview
          query={{
            make: vehicleInfo.make,
            model: vehicleInfo.model,
            year: vehicleInfo.year,
            mileage: vehicleInfo.mileage,
            condition: vehicleDetails.condition,
            titleStatus: vehicleDetails.titleStatus,
            price: listingDetails.price,
            zipCode: contactLocation.zipCode,
          }}
        />
      </Suspense>
      <Section aria-labelledby="review-photos">
        <h3 id="review-photos">Photos</h3>
        <p>{photos.length} photos</p>
        <Thumbnails>
          {shown.map((photo, index) => (
            <li key={photo.key}>
              <img src={photo.preview} alt={`Photo ${index + 1}${photo.isPrimary ? ' (primary)' : ''}`} />
            </li>
          ))}
          {more > 0 && <li>+{more} more</li>}
        </Thumbnails>
        {Object.keys(progress).length > 0 && (
          <Uploads aria-label="Photo uploads">
            {photos.map((photo, index) => (
              <li key={photo.key}>
                <label>
                  Photo {index + 1}{' '}
                  <progress max={100} value={progress[photo.key] ?? 0}>
                    {progress[photo.key] ?? 0}%
                  </progress>
                </label>
              </li>
            ))}
          </Uploads>
        )}
      </Section>
      {sellerName && (
        <Section aria-labelledby="review-seller">
          <h3 id="review-seller">Seller</h3>
          {sellerName}
        </Section>
      )}
      {actions}
    </FormStack>
  );
}
