import type { DrawVerification } from '@lotus/contracts/lottery';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { checkDraw } from '../lib/verify.ts';
import { DrawVerify } from './DrawVerify.tsx';

// A vector of the server's draw (apps/api engine/draw.ts, node:crypto): seed 0f x 32, LOTT1, 20261124-0001.
const SEED = '0f'.repeat(32);
const HASH = '7152f9958a983e3313fb2498d743af1e83a0ff5999650fd341f0368d1678992c';
const RESULT = { kind: 'digits' as const, balls: ['0', '4', '1', '5', '4'], prizes: [] };
const VERIFICATION: DrawVerification = {
  gameCode: 'LOTT1',
  family: 'digits',
  numero: '20261124-0001',
  status: 'settled',
  seedHash: HASH,
  seed: SEED,
  result: RESULT,
  verified: true,
  algorithm: '',
};

afterEach(() => vi.unstubAllGlobals());

function renderVerify(verification: DrawVerification, shown = { seedHash: HASH, result: RESULT }) {
  const { fetchMock, calls } = stubApi({ '/lgw/lottery/verify': verification });
  vi.stubGlobal('fetch', fetchMock);
  renderApp(<DrawVerify gameId="7" numero="20261124-0001" seedHash={shown.seedHash} result={shown.result} />);
  fireEvent.click(screen.getByRole('button', { name: 'Verify in this browser' }));
  return calls;
}

describe('<DrawVerify>', () => {
  it('recomputes the hash and the draw with Web Crypto and shows both match', async () => {
    const calls = renderVerify(VERIFICATION);
    await waitFor(() => expect(screen.getByTestId('lottery-verify-result')).toBeTruthy());
    expect(calls[0]?.url).toContain('/lgw/lottery/verify?gameId=7&numero=20261124-0001');
    expect(screen.getByText(HASH)).toBeTruthy();
    expect(screen.getByTestId('lottery-verify-hash').dataset.ok).toBe('true');
    expect(screen.getByTestId('lottery-verify-draw').dataset.ok).toBe('true');
    expect(screen.getByTestId('lottery-verify-draw').textContent).toBe(
      'The numbers recomputed here match the result.',
    );
  });

  it('says so when the result shown is not what the seed gives', async () => {
    renderVerify(VERIFICATION, { seedHash: HASH, result: { ...RESULT, balls: ['0', '4', '1', '5', '5'] } });
    await waitFor(() => expect(screen.getByTestId('lottery-verify-result')).toBeTruthy());
    expect(screen.getByTestId('lottery-verify-hash').dataset.ok).toBe('true');
    expect(screen.getByTestId('lottery-verify-draw').dataset.ok).toBe('false');
  });

  it('says so when the seed is not the one whose hash was published', async () => {
    const other = '1e'.repeat(32);
    renderVerify({ ...VERIFICATION, seed: other });
    await waitFor(() => expect(screen.getByTestId('lottery-verify-result')).toBeTruthy());
    expect(screen.getByTestId('lottery-verify-hash').dataset.ok).toBe('false');
    expect(screen.getByTestId('lottery-verify-hash').textContent).toBe(
      'It does NOT match the hash published before the draw.',
    );
    expect(screen.getByTestId('lottery-verify-draw').dataset.ok).toBe('false');
  });
});

describe('checkDraw', () => {
  it('needs Web Crypto and a revealed seed', async () => {
    expect(await checkDraw(VERIFICATION, null)).toEqual({ kind: 'unavailable' });
    const subtle = globalThis.crypto.subtle as never;
    expect(await checkDraw({ ...VERIFICATION, seed: null }, subtle)).toEqual({ kind: 'not-drawn' });
  });

  it('checks a VN draw against the server vector', async () => {
    const subtle = globalThis.crypto.subtle as never;
    const found = await checkDraw(
      { ...VERIFICATION, gameCode: 'VNS', numero: '20261124', family: 'vn-south', result: null },
      subtle,
    );
    expect(found).toEqual({ kind: 'not-drawn' });
    const vn = await checkDraw(
      {
        ...VERIFICATION,
        gameCode: 'VNS',
        numero: '20261124',
        family: 'vn-south',
        result: { kind: 'vn', balls: [], prizes: [{ tier: 'special', number: '445139' }] },
      },
      subtle,
    );
    if (vn.kind !== 'checked') throw new Error(vn.kind);
    expect(vn.recomputed.prizes.slice(0, 3)).toEqual([
      { tier: 'special', number: '445139' },
      { tier: 'first', number: '28402' },
      { tier: 'second', number: '46373' },
    ]);
    // the result sent held one prize only: not the draw
    expect(vn.drawMatches).toBe(false);
  });
});
