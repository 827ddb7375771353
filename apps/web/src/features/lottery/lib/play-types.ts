/** The play types as the betting page uses them: the shared data of `@lotus/contracts/lottery-tables`. */
export {
  BSOE,
  type Combinations,
  DIGITS,
  PLAY_DEFINITIONS,
  type PlayDefinition,
  type Position,
  playDefinition,
} from '@lotus/contracts/lottery-tables';
