import { useEffect, useState } from 'react';

/**
 * What `load` (a `loadOnce` from @carmarket/shared/schemas) answers, fetched once `wanted` is first
 * true: undefined until then. A failed fetch is tried again the next time `wanted` turns true.
 */
export function useLoadedWhen<T>(wanted: boolean, load: () => Promise<T>): T | undefined {
  const [loaded, setLoaded] = useState<T>();
  useEffect(() => {
    if (wanted) void load().then(setLoaded, () => undefined);
  }, [wanted, load]);
  return loaded;
}
