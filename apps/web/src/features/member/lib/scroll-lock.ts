import { useEffect } from 'react';

/**
 * The personal-centre modal locks page scroll and, once closed, puts the page back where it was
 * after 100 ms (spec §4, §9), when the dialog's own scroll handling has finished.
 */
export function usePageScrollLock(delayMs = 100): void {
  useEffect(() => {
    const y = window.scrollY;
    const body = document.body;
    const previous = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previous;
      window.setTimeout(() => window.scrollTo(0, y), delayMs);
    };
  }, [delayMs]);
}
