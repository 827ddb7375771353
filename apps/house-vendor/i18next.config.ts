import { appI18nConfig } from '../../scripts/i18n-config.ts';

/**
 * The game pages' translation keys (web/src). Symbol and game names are read from the game data
 * (`symbols.<id>`, `games.<id>`), so they are kept though no literal names them.
 */
export default appI18nConfig(
  [
    'symbols.*',
    'games.*',
    'live.kinds.*',
    'live.tables.*',
    'live.phase.*',
    'live.errors.*',
    'live.colour.*',
    'live.spots.*',
    'live.road.*',
    'live.rules.*',
  ],
  'web/src',
);
