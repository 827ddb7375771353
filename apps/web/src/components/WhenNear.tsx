import { type ReactNode, useEffect, useRef, useState } from 'react';

const INTERACTIONS = ['scroll', 'wheel', 'touchstart', 'pointerdown', 'pointermove', 'keydown'] as const;

/**
 * Renders `children` once the visitor has interacted with the page (scrolled, touched, moved the
 * pointer, pressed a key) and the placeholder is within 300 px of the viewport: until then the
 * sections above are still loading and nothing of the lottery is part of the first load.
 */
export function WhenNear({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(false);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (active) return;
    const activate = () => setActive(true);
    for (const type of INTERACTIONS) window.addEventListener(type, activate, { once: true, passive: true });
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, activate);
    };
  }, [active]);
  useEffect(() => {
    const element = ref.current;
    if (!active || near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [active, near]);
  return near ? children : <div ref={ref} style={{ minHeight: 1 }} />;
}
