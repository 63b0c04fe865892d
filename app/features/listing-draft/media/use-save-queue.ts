import { useCallback, useRef } from 'react';

export type SaveOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** The browser's own 'Leave site?' question. */
function askBeforeLeaving(event: BeforeUnloadEvent) {
  event.preventDefault();
}

/**
 * Saves that must reach the server one at a time, in the order they were made. While any is
 * waiting or running, leaving or reloading the page asks first: otherwise a reload straight
 * after a change shows the page as it was before it. The question is withdrawn before `after`
 * runs, so whatever `after` says ('Photo moved…') is only said once leaving is safe. A save
 * still running when the wizard moves on keeps the question until it ends.
 */
export function useSaveQueue() {
  const tail = useRef<Promise<void>>(Promise.resolve());
  const last = useRef(0);
  // Not state: the question must be withdrawn before `after` runs, not after a render.
  const pending = useRef(0);

  const enqueue = useCallback(
    <T>(send: () => Promise<T>, after: (outcome: SaveOutcome<T>, isLast: boolean) => void) => {
      const id = (last.current += 1);
      pending.current += 1;
      if (pending.current === 1) window.addEventListener('beforeunload', askBeforeLeaving);
      const run = tail.current.then(async () => {
        let outcome: SaveOutcome<T>;
        try {
          outcome = { ok: true, value: await send() };
        } catch (error) {
          outcome = { ok: false, error };
        }
        pending.current -= 1;
        if (pending.current === 0) window.removeEventListener('beforeunload', askBeforeLeaving);
        after(outcome, id === last.current);
      });
      tail.current = run.catch(() => undefined);
      return run;
    },
    [],
  );
  return { enqueue };
}
