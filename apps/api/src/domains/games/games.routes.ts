import { ApiHeaders } from '@lotus/contracts/envelope';
import { GameMenus } from '@lotus/contracts/system';
import { ok, responses } from '../../http/envelope.ts';
import type { Api } from '../../http/types.ts';
import { gameMenus } from './games.service.ts';

export function gamesRoutes(api: Api) {
  api.get(
    '/lgw/games/game_menus',
    {
      schema: {
        tags: ['games'],
        summary: "Game categories in the brand's order with their vendors",
        headers: ApiHeaders,
        response: responses(GameMenus),
      },
    },
    async (request) => ok(gameMenus(request.brand)),
  );
}
