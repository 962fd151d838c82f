// A form paints without its rules: the schemas, and zod behind them, can be fetched when the form
// is first used (a submit, a focus), so a page's first paint does not download them.

/** Calls `load` on first use only; a failed load (the connection dropped) is tried again on the next. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((failure: unknown) => {
      loading = undefined;
      throw failure;
    }));
}

/** A form resolver (react-hook-form's) that `load` fetches on the form's first validation. */
export function lazyResolver<Args extends unknown[], Result>(
  load: () => Promise<(...args: Args) => Result | Promise<Result>>,
): (...args: Args) => Promise<Result> {
  const resolver = loadOnce(load);
  return async (...args) => (await resolver())(...args);
}
