import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render.tsx';
import type { ChasePlanResult } from '../lib/chase.ts';
import { type ChaseForm, ChasePlanner, chaseInputOf, INITIAL_CHASE } from './ChasePlanner.tsx';

const format = (minor: bigint) => `RM ${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;

function Harness({ plan }: { plan: ChasePlanResult | 'invalid' | null }) {
  const [form, setForm] = useState<ChaseForm>(INITIAL_CHASE);
  return <ChasePlanner form={form} onChange={setForm} plan={plan} format={format} />;
}

describe('<ChasePlanner>', () => {
  it('opens on request and shows the plan total and each draw', () => {
    const plan: ChasePlanResult = {
      ok: true,
      steps: [
        { step: 1, multiple: 1n, amount: 200n },
        { step: 2, multiple: 2n, amount: 400n },
      ],
      total: 600n,
    };
    renderApp(<Harness plan={plan} />);
    expect(screen.queryByTestId('lottery-chase-total')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chase: follow the next draws' }));
    expect(screen.getByTestId('lottery-chase-total').textContent).toBe('RM 6.00');
    expect(screen.getByText('2 draws, total')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Target profit' }));
    expect(screen.getByLabelText('Target profit (%)')).toBeTruthy();
  });

  it('says why a plan cannot be placed', () => {
    renderApp(<Harness plan={{ ok: false, reason: 'unreachable' }} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chase: follow the next draws' }));
    expect(screen.getByRole('alert').textContent).toBe('No multiple reaches this profit target; lower it.');
  });

  it('reads the typed fields as whole numbers only', () => {
    expect(chaseInputOf({ ...INITIAL_CHASE, numeros: '10', start: '2' })).toMatchObject({
      numeros: 10,
      startMultiple: 2,
    });
    expect(chaseInputOf({ ...INITIAL_CHASE, numeros: '2.5' })).toBeNull();
    expect(chaseInputOf({ ...INITIAL_CHASE, start: '0' })).toBeNull();
    expect(chaseInputOf({ ...INITIAL_CHASE, kind: 'double', every: '' })).toBeNull();
  });
});
