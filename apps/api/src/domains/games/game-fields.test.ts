import type { CatalogueGame, CatalogueGamePage, GameListPage } from '@lotus/contracts/games';
import { describe, expect, it } from 'vitest';
import { memberGet } from '../../../test/games.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { setupTestApp } from '../../../test/support.ts';

/** The game fields of spec §3: defaultPlayType, isGame (GAME | VASSALAGE) and nodeName. */
const ctx = setupTestApp();
const { bo } = backOfficeTeam(ctx);

async function houseGame(code: string): Promise<CatalogueGame> {
  const page = await bo<CatalogueGamePage>('admin', 'GET', `/bo/v1/games?search=${code}`);
  const game = page.body.value.items.find((g) => g.code === code);
  if (!game) throw new Error(`no ${code}`);
  return game;
}

const lobby = async () =>
  (await memberGet<GameListPage>(ctx, '/wps/relay/GCSGAME_gameList?vassalage=HOUSE&gameCategory=RNG', null))
    .body.value.games;

describe('game fields of spec §3', () => {
  it('answer GAME, no node and no play type by default, and what marketing sets, at once', async () => {
    expect((await lobby()).find((g) => g.code === 'jade-ways')).toMatchObject({
      isGame: 'GAME',
      nodeName: '',
      defaultPlayType: '',
    });
    const jade = await houseGame('jade-ways');
    const changed = await bo<CatalogueGame>('marketing', 'PUT', `/bo/v1/games/${jade.id}`, {
      isGame: 'VASSALAGE',
      nodeName: '  Lotus hall ',
      defaultPlayType: 'front3-straight',
    });
    expect(changed.body.value).toMatchObject({
      isGame: 'VASSALAGE',
      nodeName: 'Lotus hall',
      defaultPlayType: 'front3-straight',
    });
    expect((await lobby()).find((g) => g.code === 'jade-ways')).toMatchObject({
      isGame: 'VASSALAGE',
      nodeName: 'Lotus hall',
      defaultPlayType: 'front3-straight',
    });
    await bo('marketing', 'PUT', `/bo/v1/games/${jade.id}`, {
      isGame: 'GAME',
      nodeName: '',
      defaultPlayType: '',
    });
  });

  it('refuses forged values and other roles, changing nothing', async () => {
    const garden = await houseGame('lotus-garden');
    for (const patch of [
      { isGame: 'LOBBY' },
      { nodeName: '<script>x</script>' },
      { nodeName: 'a\u0000b' },
      { nodeName: 'n'.repeat(65) },
      { defaultPlayType: 'Front 3' },
      { defaultPlayType: 'x'.repeat(41) },
    ]) {
      const res = await bo('marketing', 'PUT', `/bo/v1/games/${garden.id}`, patch);
      expect(res.body.errorCode, JSON.stringify(patch)).toBe('request_param_err');
    }
    const refused = await bo('readonly', 'PUT', `/bo/v1/games/${garden.id}`, { nodeName: 'Hall' });
    expect(refused.body.errorCode).toBe('operator_forbidden');
    expect(await houseGame('lotus-garden')).toMatchObject({
      isGame: 'GAME',
      nodeName: '',
      defaultPlayType: '',
    });
  });
});
