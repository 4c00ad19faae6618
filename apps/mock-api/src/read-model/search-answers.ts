/** Search answers kept between writes (about 30 KB each). */
const ANSWER_CACHE_SIZE = 500;

/**
 * Whole answers of repeated searches (the logged-out home list, the busiest route of the day...):
 * the same key (viewer and URL) gives the same bytes until something is written or the listings'
 * minute (`listingNow`) moves on, so both are checked before an answer is reused. An answer is kept
 * from its second asking on, so one-off searches do not crowd out the repeated ones. Errors are
 * never kept (the caller keeps only what it answered).
 */
export function createSearchAnswers(size = ANSWER_CACHE_SIZE) {
  const answers = new Map<string, Buffer>();
  const askedOnce = new Set<string>();
  let answersVersion = -1;
  let answersMinute = -1;

  return {
    /** The answer kept for `key` at this data version and minute (anything older is dropped first). */
    get(key: string, version: number, minute: number): Buffer | undefined {
      if (version !== answersVersion || minute !== answersMinute || answers.size >= size) {
        answers.clear();
        askedOnce.clear();
        answersVersion = version;
        answersMinute = minute;
      }
      return answers.get(key);
    },

    /** Keeps an answer read at `version` or later, unless a newer version or minute came meanwhile. */
    set(key: string, answer: Buffer, version: number, minute: number): void {
      if (answersVersion !== version || answersMinute !== minute) return;
      if (askedOnce.has(key)) answers.set(key, answer);
      else if (askedOnce.size < size * 10) askedOnce.add(key);
    },
  };
}
