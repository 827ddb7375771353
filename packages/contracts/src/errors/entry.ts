/** One catalogue entry: HTTP status (0: raised by the browser, never the API) and the EN/MS/CN text. */
export type ErrorEntry = { status: number; en: string; ms: string; cn: string };
