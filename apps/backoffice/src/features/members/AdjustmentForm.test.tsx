import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AdjustmentForm } from './AdjustmentForm.tsx';

describe('AdjustmentForm', () => {
  it.each(['', '0', '0.00', '-5', '1.234', '1e3', 'abc'])(
    'refuses the amount %j without calling the server',
    async (amount) => {
      const fetchMock = vi.fn();
      vi.stubGlobal('fetch', fetchMock);
      render(<AdjustmentForm memberId="7" onDone={vi.fn()} />);
      fireEvent.change(screen.getByLabelText('Amount'), { target: { value: amount } });
      fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Goodwill' } });
      fireEvent.click(screen.getByRole('button', { name: 'Submit adjustment' }));
      expect(await screen.findByText('Enter a positive amount with at most 2 decimals.')).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('requires a reason, then sends the amount as a decimal string with a request id', async () => {
    const onDone = vi.fn();
    const fetchMock = vi
      .fn()
      .mockResolvedValue(
        new Response(
          JSON.stringify({ success: true, value: { status: 'pending' }, message: '', errorCode: '' }),
        ),
      );
    vi.stubGlobal('fetch', fetchMock);
    render(<AdjustmentForm memberId="7" onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1500.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit adjustment' }));
    expect(await screen.findByText('Give a reason (at least 3 characters).')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Debit'));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Chargeback' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit adjustment' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({ memberId: '7', direction: 'debit', amount: '1500.5', reason: 'Chargeback' });
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('status').textContent).toContain('second operator');
  });
});
