import { GAMES } from '../../slots/games/index.ts';
import type { GameKind } from '../game-kind.ts';
import { RoundEngine } from './rounds.ts';
import { registerSlotRoutes } from './routes.ts';

/**
 * Slots: a spin is a round of its own, moved only by the wallet's answers (rounds.ts, SQL in
 * repository.ts); the games are data (src/slots/games), derived from the player's seed pair.
 */
export const slots: GameKind = {
  name: 'slots',
  games: GAMES.map((game) => game.id),
  async start({ db, wallet, log, config }) {
    const rounds = new RoundEngine({ db, wallet, log, leaseMs: config.roundLeaseMs });
    return {
      routes: (app) => registerSlotRoutes(app, { db, rounds }),
      recover: () => rounds.recover(),
    };
  },
};
