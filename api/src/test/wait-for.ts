/**
 * Reads until `ready` holds, for state the server settles after answering (work it does in the
 * background), and returns the last value read: the test's assertions then say what is wrong. The
 * default wait allows for a machine at several times its cores' load (5 s was too short there).
 */
export async function waitFor<T>(
  read: () => Promise<T>,
  ready: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ready(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}
