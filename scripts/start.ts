/**
 * `npm start` (after `npm run build`): the whole platform in one process. Today that is the API
 * server, which also serves the built member web app; the back office and the house game vendor
 * join as their issues land. One process keeps the embedded database's single owner and the idle
 * memory low; for scale-out run `apps/api/src/main.ts` processes against PostgreSQL instead.
 */
await import('../apps/api/src/main.ts');
