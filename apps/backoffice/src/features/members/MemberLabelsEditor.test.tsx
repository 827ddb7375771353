import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsOperator } from '../../testing/operator-api.tsx';
import { MemberLabelsEditor, parseLabels } from './MemberLabelsEditor.tsx';

describe('<MemberLabelsEditor>', () => {
  it('reads comma-separated labels, dropping blanks', () => {
    expect(parseLabels(' High roller , ,VIP,')).toEqual(['High roller', 'VIP']);
    expect(parseLabels('   ')).toEqual([]);
  });

  it('saves the labels customer service types and shows what the server kept', async () => {
    let saved = 0;
    const calls = renderAsOperator(
      'cs',
      <MemberLabelsEditor memberId="7" labels={['VIP']} canEdit onSaved={() => (saved += 1)} />,
      () => ({ labels: ['VIP', 'High roller'] }),
    );
    expect(screen.getByTestId('member-labels').textContent).toBe('Labels: VIP');
    fireEvent.change(screen.getByLabelText('Labels, comma-separated (at most 10)'), {
      target: { value: 'VIP, High roller, vip' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toBe(1));
    expect(calls.at(-1)).toMatchObject({
      url: '/bo/v1/members/7/labels',
      method: 'PUT',
      body: { labels: ['VIP', 'High roller', 'vip'] },
    });
    expect((screen.getByLabelText('Labels, comma-separated (at most 10)') as HTMLInputElement).value).toBe(
      'VIP, High roller',
    );
  });

  it('only lists the labels for an operator who may not edit them', () => {
    renderAsOperator(
      'readonly',
      <MemberLabelsEditor memberId="7" labels={[]} canEdit={false} onSaved={() => {}} />,
      () => ({}),
    );
    expect(screen.getByTestId('member-labels').textContent).toBe('Labels: none');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
