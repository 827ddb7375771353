/** The UTC day (`YYYY-MM-DD`) of now. */
export function utcDay(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * A test of a day's figures that the server reads from its own clock (a daily withdrawal count, where
 * no time can be passed in): run as usual, and when a run fails while UTC midnight passed during it
 * (its data and its checks fell on two days), run it once more, then minutes from any midnight. A run
 * that fails within one day fails the test as always. The body must be repeatable (a fresh member).
 * As apps/api/test/days.ts does for the API's own tests.
 */
export function oneUtcDay(body: () => Promise<void>): () => Promise<void> {
  return async () => {
    const day = utcDay();
    try {
      await body();
    } catch (error) {
      if (utcDay() === day) throw error;
      await body();
    }
  };
}
