/** A controllable IntersectionObserver for jsdom: tests call `intersectAll()` to "scroll" a sentinel into view. */
type Observed = { callback: IntersectionObserverCallback; observer: IntersectionObserver; elements: Set<Element> };

const observed = new Set<Observed>();

export class IntersectionObserverStub implements IntersectionObserver {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  private readonly record: Observed;

  constructor(callback: IntersectionObserverCallback) {
    this.record = { callback, observer: this, elements: new Set() };
    observed.add(this.record);
  }
  observe(element: Element) {
    this.record.elements.add(element);
  }
  unobserve(element: Element) {
    this.record.elements.delete(element);
  }
  disconnect() {
    observed.delete(this.record);
  }
  takeRecords() {
    return [];
  }
}

export function intersectAll(isIntersecting = true) {
  for (const { callback, observer, elements } of observed) {
    const entries = [...elements].map(
      (target) => ({ isIntersecting, target, intersectionRatio: isIntersecting ? 1 : 0 }) as IntersectionObserverEntry,
    );
    if (entries.length) callback(entries, observer);
  }
}
