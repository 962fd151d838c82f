import {
  EDIT_LISTING_TABS,
  formatVehicleName,
  httpErrorStatus,
  isHiddenForPhotos,
  LISTING_HIDDEN_FOR_PHOTOS,
  routes,
  useListing,
  useSessionStore,
  RemoteRoot,
  type EditListingTab,
} from '@carmarket/shared';
import { Button, Notice, PageContainer, Skeleton, Tabs } from '@carmarket/shared/ui';
import { Link, useParams, useSearchParams } from '@carmarket/shared/router';
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { ListingDetailsTab } from './listing-details-tab';

// The first tab comes with the page; the others are fetched when opened (or named in the URL), so
// /edit-listing's first load stays in its budget.
const VehicleTab = lazy(() => import('./vehicle-tab').then((module) => ({ default: module.VehicleTab })));
const PhotosTab = lazy(() => import('./photos-tab').then((module) => ({ default: module.PhotosTab })));

const LoadFailure = styled.div`
  padding: ${({ theme }) => `${theme.space.xxl} 0`};
  text-align: center;
`;

const Subtitle = styled.p`
  margin-top: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const isNotFound = (error: unknown) => httpErrorStatus(error) === 404;

function Failure({ title, message }: { title: string; message: string }) {
  return (
    <LoadFailure role="alert">
      <h1>{title}</h1>
      <p>{message}</p>
    </LoadFailure>
  );
}

/** The open tab in the URL (?tab=photos), replaced rather than pushed as the seller switches tabs. */
function useTabParam(): [number, (index: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = Math.max(0, EDIT_LISTING_TABS.indexOf(searchParams.get('tab') as EditListingTab));
  const setTab = (index: number) =>
    setSearchParams(index > 0 ? { tab: EDIT_LISTING_TABS[index]! } : {}, { replace: true });
  return [tab, setTab];
}

/**
 * /edit-listing/{id} (spec §2): the three-tab editor. Only the seller edits a listing; the server
 * answers 403 to anyone else, and this page says so before anyone tries.
 */
export function EditListingPage() {
  const { id = '' } = useParams();
  const userId = useSessionStore((state) => state.user?._id);
  const { data: listing, isPending, isError, error } = useListing(id);
  const [tab, setTab] = useTabParam();

  return (
    <RemoteRoot remote="mfe_seller">
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
          isNotFound(error) ? (
            <Failure title="Listing not found" message="This listing does not exist or has been removed." />
          ) : (
            <Failure title="Failed to load listing" message="Please try again in a moment." />
          )
        ) : listing.seller._id !== userId ? (
          <Failure
            title="You cannot edit this listing"
            message="Only the seller who created a listing can edit it."
          />
        ) : (
          <>
            <h1>Edit Listing</h1>
            <Subtitle>
              {formatVehicleName(listing.vehicle)} ·{' '}
              <Link to={routes.listing(listing._id)}>View listing</Link>
            </Subtitle>
            {isHiddenForPhotos(listing) && (
              <Notice role="status">
                <p>{LISTING_HIDDEN_FOR_PHOTOS}</p>
              </Notice>
            )}
            <Tabs
              label="Edit listing"
              selected={tab}
              onSelect={setTab}
              items={[
                { label: 'Listing Details', content: <ListingDetailsTab listing={listing} /> },
                {
                  label: 'Vehicle Information',
                  content: (
                    <Suspense fallback={null}>
                      <VehicleTab listing={listing} />
                    </Suspense>
                  ),
                },
                {
                  label: 'Photos',
                  content: (
                    <Suspense fallback={null}>
                      <PhotosTab listing={listing} />
                    </Suspense>
                  ),
                },
              ]}
            />
          </>
        )}
      </PageContainer>
    </RemoteRoot>
  );
}
