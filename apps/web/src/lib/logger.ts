/** The web app's one door to the console (lint forbids console.log elsewhere). */
export const logger = {
  info: (message: string, detail?: unknown) => console.info(`[lotus] ${message}`, detail ?? ''),
  warn: (message: string, detail?: unknown) => console.warn(`[lotus] ${message}`, detail ?? ''),
  error: (message: string, detail?: unknown) => console.error(`[lotus] ${message}`, detail ?? ''),
};
