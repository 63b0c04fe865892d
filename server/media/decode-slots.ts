import { RetryLaterError } from '../http/retry-later-error.ts';

export interface DecodeSlotOptions {
  /** Images decoded at once; each can hold hundreds of megabytes while it is worked on. */
  concurrency: number;
  /** Uploads allowed to wait for a slot; more are refused at once. */
  maxWaiting: number;
  /** How long an upload waits for a slot before it is refused. */
  maxWaitMs: number;
  /** What the refusal's `Retry-After` says. */
  retryAfterSeconds: number;
}

export const DEFAULT_DECODE_SLOTS: DecodeSlotOptions = {
  concurrency: 2,
  maxWaiting: 16,
  maxWaitMs: 10_000,
  retryAfterSeconds: 5,
};

export interface DecodeSlots {
  /** Runs `task` once a slot is free; throws RetryLaterError (503) when none frees in time. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Decodes running now and uploads waiting (for tests and logs). */
  readonly active: number;
  readonly waiting: number;
}

/**
 * A small queue in front of image decoding, so a burst of uploads (or of hostile ones) cannot
 * take all the memory of the process: at most `concurrency` decode at once, a few wait briefly,
 * the rest are told to come back.
 */
export function createDecodeSlots(options: Partial<DecodeSlotOptions> = {}): DecodeSlots {
  const settings = { ...DEFAULT_DECODE_SLOTS, ...options };
  let active = 0;
  const queue: { start: () => void; timer: NodeJS.Timeout }[] = [];
  const busy = () =>
    new RetryLaterError(
      'UNAVAILABLE',
      'We are processing a lot of photos right now. Please try this one again in a few seconds.',
      settings.retryAfterSeconds,
    );

  function release() {
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    } else {
      active -= 1;
    }
  }

  async function acquire(): Promise<void> {
    if (active < settings.concurrency) {
      active += 1;
      return;
    }
    if (queue.length >= settings.maxWaiting) throw busy();
    await new Promise<void>((resolve, reject) => {
      const waiter = {
        // The slot passes straight from the finished task to this one: `active` is unchanged.
        start: resolve,
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          reject(busy());
        }, settings.maxWaitMs),
      };
      queue.push(waiter);
    });
  }

  return {
    async run(task) {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
