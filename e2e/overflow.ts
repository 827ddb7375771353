/**
 * The horizontal-overflow check of the layout guards (layout.e2e.ts for the member site,
 * backoffice-layout.e2e.ts for the back office). `overflowingElements` runs in the page (pass it to
 * `page.evaluate`): it names every element, not clipped by a scrolling or hidden ancestor (as a
 * table inside its panel is), that reaches past either edge of the viewport, and the document's
 * width. Ancestors matching `notClipping` do not count as clipping: a panel that scrolls a whole
 * page's content sideways is itself the overflow, and is named when it scrolls.
 */
export type OverflowReport = { scrollWidth: number; innerWidth: number; offenders: string[] };

export function overflowingElements(notClipping: readonly string[] = []): OverflowReport {
  const width = window.innerWidth;
  const exempt = (element: Element) => notClipping.some((selector) => element.matches(selector));
  const clips = (element: Element) => getComputedStyle(element).overflowX !== 'visible' && !exempt(element);
  const name = (element: Element) => {
    const testId = element.getAttribute('data-testid');
    const classes = [...element.classList]
      .slice(0, 2)
      .map((c) => `.${c}`)
      .join('');
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes}${testId ? `[data-testid="${testId}"]` : ''}`;
  };
  const path = (element: Element) => {
    const parts = [name(element)];
    let parent = element.parentElement;
    for (let i = 0; i < 2 && parent && parent !== document.body; i += 1) {
      parts.unshift(name(parent));
      parent = parent.parentElement;
    }
    return parts.join(' > ');
  };
  const offenders: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    if (exempt(element) && element.scrollWidth > element.clientWidth + 1) {
      offenders.push(
        `${path(element)} scrolls sideways (${element.scrollWidth} px in ${element.clientWidth} px)`,
      );
    }
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden') continue;
    // Scrolled or clipped by an ancestor: that ancestor is what is measured.
    let clipped = false;
    for (
      let parent = element.parentElement;
      parent && parent !== document.body;
      parent = parent.parentElement
    ) {
      if (clips(parent)) {
        clipped = true;
        break;
      }
    }
    if (clipped) continue;
    // Off-screen on purpose above the page (the skip link until focused) is not sideways overflow.
    if (rect.bottom <= 0) continue;
    if (rect.right > width + 1 || rect.left < -1) {
      offenders.push(`${path(element)} (${Math.round(rect.left)}..${Math.round(rect.right)})`);
    } else if (
      style.overflowX === 'visible' &&
      element.scrollWidth > element.clientWidth + 1 &&
      element.clientWidth > 0 &&
      rect.left + element.scrollWidth > width + 1 &&
      [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim())
    ) {
      // Its box fits but its own text spills out of it (a word without a place to break).
      offenders.push(
        `${path(element)} text spills (${Math.round(rect.left)}..${Math.round(rect.left + element.scrollWidth)})`,
      );
    }
  }
  return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, offenders };
}
