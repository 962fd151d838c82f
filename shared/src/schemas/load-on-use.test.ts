import { describe, expect, it } from '@jest/globals';
import { lazyResolver, loadOnce } from './load-on-use.js';
import { displayNameSchema } from './profile.js';

describe('loadOnce', () => {
  it('loads on the first call only and answers every call with the same value', async () => {
    let loads = 0;
    const load = loadOnce(async () => ({ loaded: (loads += 1) }));
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([load(), load()]);
    expect(await load()).toBe(first);
    expect(second).toBe(first);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let attempts = 0;
    const load = loadOnce(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return 'rules';
    });
    await expect(load()).rejects.toThrow('offline');
    await expect(load()).resolves.toBe('rules');
    expect(attempts).toBe(2);
  });
});

describe('lazyResolver', () => {
  it('fetches the resolver on the first validation and passes every call through', async () => {
    let loads = 0;
    const resolver = lazyResolver(async () => {
      loads += 1;
      return (values: { name: string }) => displayNameSchema.safeParse(values).success;
    });
    expect(loads).toBe(0);
    expect(await resolver({ name: 'Jane' })).toBe(true);
    expect(await resolver({ name: 'x'.repeat(101) })).toBe(false);
    expect(loads).toBe(1);
  });
});
