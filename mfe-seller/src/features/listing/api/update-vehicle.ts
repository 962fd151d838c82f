import { http, queryKeys, type ApiSuccess, type Id, type Listing } from '@carmarket/shared';
import type { UpdateVehiclePayloadInput } from '@carmarket/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PUT /listings/{id}/vehicle: the vehicle's facts (photos and location have their own calls). */
export async function updateVehicle(id: Id, payload: UpdateVehiclePayloadInput): Promise<Listing> {
  const { data } = await http.put<ApiSuccess<Listing>>(
    `/listings/${encodeURIComponent(id)}/vehicle`,
    payload,
  );
  return data.data;
}

export function useUpdateVehicle(id: Id) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: UpdateVehiclePayloadInput) => updateVehicle(id, payload),
    // Not awaited: the success alert comes first, then the editor and other views reload.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.listings.all });
    },
  });
}
