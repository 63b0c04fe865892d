import { describe, expect, it } from 'vitest';
import { makeZodJitless } from './zod-jitless';

describe('makeZodJitless', () => {
  it('turns on zod’s jitless mode without importing zod first', async () => {
    makeZodJitless();
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });

  it('reaches a zod that was already loaded', async () => {
    const { z } = await import('zod');
    z.config({ jitless: false });
    makeZodJitless();
    expect(z.config().jitless).toBe(true);
  });
});
