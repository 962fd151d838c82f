import { http, type ApiSuccess, type Listing } from '@carmarket/shared';
import type { CreateListingPayloadInput } from '@carmarket/shared/schemas';

/** POST /listings: a new listing without photos (they are uploaded to it afterwards). */
export async function createListing(payload: CreateListingPayloadInput): Promise<Listing> {
  const { data } = await http.post<ApiSuccess<Listing>>('/listings', payload);
  return data.data;
}
