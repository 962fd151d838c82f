import { queryKeys, routes } from '@carmarket/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from '@carmarket/shared/router';
import type { PhotoItem } from '../../features/photos/hooks/use-photo-list';
import type { ListingValues } from './parse-draft';

export const MISSING_LOCATION = 'Please fill in all required location fields (City, State, ZIP)';

/**
 * Submit Listing (spec §4): geocode the address, create the listing, upload its photos, open it.
 * `onCreated` runs once the listing exists (the wizard forgets its draft then).
 */
export function useSubmitListing() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Record<string, number>>({});

  const submit = async (values: ListingValues, photos: readonly PhotoItem[], onCreated: () => void) => {
    const { city, state, zipCode } = values.contactLocation;
    if (!city || !state || !zipCode) {
      window.alert(MISSING_LOCATION);
      return;
    }
    setBusy(true);
    try {
      const { submitListing } = await import('./submit-listing');
      const listingId = await submitListing({
        values,
        address: { city, state, zip: zipCode },
        photos,
        onProgress: (key, percent) => setProgress((current) => ({ ...current, [key]: percent })),
        onCreated,
      });
      if (!listingId) return;
      await queryClient.invalidateQueries({ queryKey: queryKeys.listings.all });
      navigate(routes.listing(listingId));
    } finally {
      setBusy(false);
    }
  };

  return { submit, busy, progress };
}
