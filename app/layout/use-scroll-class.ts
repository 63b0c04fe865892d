import { useEffect } from 'react';

export const SCROLL_DEBOUNCE_MS = 100;

/**
 * Puts `scroll-up` on the page root (<html>) at the top of the page and `scroll-down`
 * otherwise, updated 100 ms after scrolling settles.
 */
export function useScrollClass(): void {
  useEffect(() => {
    const root = document.documentElement;
    const apply = () => {
      const isAtTop = window.scrollY <= 0;
      root.classList.toggle('scroll-up', isAtTop);
      root.classList.toggle('scroll-down', !isAtTop);
    };
    apply();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(apply, SCROLL_DEBOUNCE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
}
