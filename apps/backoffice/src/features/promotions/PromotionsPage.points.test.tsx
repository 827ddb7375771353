import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsOperator } from '../../testing/operator-api.tsx';
import PromotionsPage from './PromotionsPage.tsx';
import { promotionBase } from './promotion-fixture.ts';

// Reward kind points: the builder's "Points" kind with its whole-points field, the preview naming
// the points, and the list showing them.

const promotion = {
  ...promotionBase,
  id: '9',
  titleEn: 'Points week',
  frequency: 'weekly',
  rewardKind: 'points',
  rewardPoints: '750',
  wageringMultiplier: 0,
};

function stub() {
  return renderAsOperator('marketing', <PromotionsPage />, (url) => {
    if (url.startsWith('/bo/v1/promotions/preview'))
      return { bonusAmount: '0.00', wageringRequired: '0.00', lockedAmount: '0.00', rewardPoints: '750' };
    if (url.startsWith('/bo/v1/promotions/records')) return { items: [] };
    if (url.startsWith('/bo/v1/vip/levels')) return { levels: [] };
    if (url.startsWith('/bo/v1/games')) return { items: [], total: 0, page: 1, pageSize: 100 };
    return { items: [promotion] };
  });
}

describe('<PromotionsPage> points rewards', () => {
  it('lists a points reward as its points and previews it without bonus money', async () => {
    const calls = stub();
    expect(await screen.findByText('750 points')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('points');
    expect((screen.getByLabelText('Points given') as HTMLInputElement).value).toBe('750');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByTestId('promotion-preview')).textContent).toBe(
      'Gives 750 points: no bonus money, no wagering.',
    );
    const preview = calls.find((c) => c.url === '/bo/v1/promotions/preview');
    expect(preview?.body).toMatchObject({ promotion: { rewardKind: 'points', rewardPoints: '750' } });
  });

  it('builds a points reward: the whole points are sent, no amount', async () => {
    const calls = stub();
    fireEvent.click(await screen.findByRole('button', { name: 'New promotion' }));
    fireEvent.change(screen.getByLabelText('Title (EN)'), { target: { value: 'Points drop' } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'points' } });
    const field = screen.getByLabelText('Points given') as HTMLInputElement;
    // The browser refuses what is not whole points (the API checks again).
    for (const bad of ['0', '-5', '1.5', '1000000000000', 'abc']) {
      fireEvent.change(field, { target: { value: bad } });
      expect(field.validity.patternMismatch, bad).toBe(true);
    }
    fireEvent.change(field, { target: { value: '300' } });
    expect(field.validity.valid).toBe(true);
    fireEvent.change(screen.getByLabelText('Fixed amount'), { target: { value: '9.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ titleEn: 'Points drop', rewardKind: 'points', rewardPoints: '300' });
    expect(body.rewardAmount).toBeUndefined();
  });
});
