export {
  DEMO_BRAND_SECRET,
  type HouseVendorConfig,
  HouseVendorConfigError,
  loadHouseVendorConfig,
} from './config.ts';
export { type RunningHouseVendor, type StartHouseVendorOptions, startHouseVendor } from './server.ts';
