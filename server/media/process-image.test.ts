import { afterEach, describe, expect, it, vi } from 'vitest';
import { heicDeclaring, readHeicFixture } from '../../tests/support/heic-sample.ts';
import { AppError } from '../http/app-error.ts';
import { RetryLaterError } from '../http/retry-later-error.ts';
import { createDecodeSlots } from './decode-slots.ts';
import { DEFAULT_IMAGE_LIMITS, processImage } from './process-image.ts';

// The real decoder, watched: a refused upload must never reach it.
const decoder = vi.hoisted(() => ({ calls: 0 }));
vi.mock('heic-decode', async (importOriginal) => {
  const actual = (await importOriginal()) as {
    default: ((options: unknown) => Promise<unknown>) & {
      all: (options: unknown) => Promise<unknown>;
    };
  };
  const one = (options: unknown) => {
    decoder.calls += 1;
    return actual.default(options);
  };
  one.all = (options: unknown) => {
    decoder.calls += 1;
    return actual.default.all(options);
  };
  return { default: one };
});

afterEach(() => {
  decoder.calls = 0;
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('HEIC uploads', () => {
  it('refuses a HEIC declaring 12,000 × 12,000 pixels from its header, without decoding', async () => {
    const bomb = heicDeclaring(12_000, 12_000);
    expect(bomb.length).toBeLessThan(2048);
    // Refused from the header: the decoder is never called (below), whatever the clock says.
    const error = await refusal(processImage(bomb, DEFAULT_IMAGE_LIMITS));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.status).toBe(413);
    expect(error.message).toMatch(/12,000 × 12,000 pixels/);
    expect(decoder.calls).toBe(0);
  });

  it('applies MEDIA_MAX_PIXELS to the declared size', async () => {
    const error = await refusal(
      processImage(heicDeclaring(2000, 2000), { ...DEFAULT_IMAGE_LIMITS, maxPixels: 1_000_000 }),
    );
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(decoder.calls).toBe(0);
  });

  it('still decodes a real HEIC within the limits', async () => {
    const image = await processImage(readHeicFixture(), DEFAULT_IMAGE_LIMITS);
    expect(image).toMatchObject({ width: 640, height: 480, format: 'jpeg' });
    expect(decoder.calls).toBeGreaterThan(0);
  });

  it('refuses a header that no longer matches the picture inside as unreadable', async () => {
    // Declares less than the HEVC stream holds: libheif refuses the mismatch when decoding.
    const error = await refusal(processImage(heicDeclaring(64, 48), DEFAULT_IMAGE_LIMITS));
    expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('decode slots', () => {
  function holdOnlySlot(slots: ReturnType<typeof createDecodeSlots>) {
    let release = () => {};
    const held = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    return { release: () => (release(), held) };
  }

  it('refuses with 503 and Retry-After when no slot frees in time, before decoding', async () => {
    const slots = createDecodeSlots({ concurrency: 1, maxWaiting: 4, maxWaitMs: 50 });
    const hold = holdOnlySlot(slots);
    const error = await refusal(processImage(readHeicFixture(), DEFAULT_IMAGE_LIMITS, slots));
    expect(error).toBeInstanceOf(RetryLaterError);
    expect(error.status).toBe(503);
    expect((error as RetryLaterError).retryAfterSeconds).toBe(5);
    expect(decoder.calls).toBe(0);
    expect(slots.waiting).toBe(0);
    await hold.release();
  });

  it('lets a few wait, refuses more at once, and hands a freed slot to the next', async () => {
    const slots = createDecodeSlots({ concurrency: 1, maxWaiting: 1, maxWaitMs: 10_000 });
    const hold = holdOnlySlot(slots);
    const queued = processImage(readHeicFixture(), DEFAULT_IMAGE_LIMITS, slots);
    await vi.waitFor(() => expect(slots.waiting).toBe(1));
    const refused = await refusal(processImage(readHeicFixture(), DEFAULT_IMAGE_LIMITS, slots));
    expect(refused.code).toBe('UNAVAILABLE');
    expect(decoder.calls).toBe(0);
    await hold.release();
    await expect(queued).resolves.toMatchObject({ width: 640, height: 480 });
    expect(slots.active).toBe(0);
  });

  it('decodes at most `concurrency` images at once', async () => {
    const slots = createDecodeSlots({ concurrency: 2, maxWaiting: 10, maxWaitMs: 10_000 });
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        slots.run(async () => {
          running += 1;
          most = Math.max(most, running);
          // A turn of the event loop, so the other runs get their chance to start.
          await new Promise((resolve) => setImmediate(resolve));
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(slots.active).toBe(0);
  });
});
