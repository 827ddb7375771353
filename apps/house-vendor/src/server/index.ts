export {
  DEMO_BRAND_SECRET,
  type HouseVendorConfig,
  HouseVendorConfigError,
  loadHouseVendorConfig,
} from './config.ts';
export type { GameKind, GameKindContext, RunningGameKind } from './game-kind.ts';
export { GAME_KINDS } from './kinds.ts';
export { type RunningHouseVendor, type StartHouseVendorOptions, startHouseVendor } from './server.ts';
