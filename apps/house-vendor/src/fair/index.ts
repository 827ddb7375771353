export { FairStream, floatFromUint32, hmacBlock, intFromUint32 } from './derive.ts';
export {
  hashServerSeed,
  isValidClientSeed,
  newClientSeed,
  newSeedPair,
  newServerSeed,
  type Rotation,
  rotate,
  type SeedPair,
  verifyServerSeed,
} from './seeds.ts';
