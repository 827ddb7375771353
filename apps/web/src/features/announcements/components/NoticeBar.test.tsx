import type { Announcement } from '@lotus/contracts/system';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render.tsx';
import { noticeModalReducer } from '../lib/paging.ts';
import { NoticeBar } from './NoticeBar.tsx';

const notices: Announcement[] = Array.from({ length: 20 }, (_, i) => ({
  id: `n${i}`,
  type: 'B',
  title: `Notice ${i}`,
  content: `<p>Content ${i}</p>`,
  execution: 'B',
  promotionType: null,
  timestamp: 1_700_000_000_000 + i,
}));

describe('noticeModalReducer', () => {
  it('opening by index selects it and jumps to its page (9 per page)', () => {
    expect(noticeModalReducer({ page: 1, selected: null }, { type: 'open', index: 0 })).toEqual({
      page: 1,
      selected: 0,
    });
    expect(noticeModalReducer({ page: 1, selected: null }, { type: 'open', index: 8 })).toEqual({
      page: 1,
      selected: 8,
    });
    expect(noticeModalReducer({ page: 1, selected: null }, { type: 'open', index: 9 })).toEqual({
      page: 2,
      selected: 9,
    });
    expect(noticeModalReducer({ page: 1, selected: null }, { type: 'open', index: 19 })).toEqual({
      page: 3,
      selected: 19,
    });
  });

  it('changing page clears the selection', () => {
    expect(noticeModalReducer({ page: 2, selected: 11 }, { type: 'page', page: 1 })).toEqual({
      page: 1,
      selected: null,
    });
    expect(noticeModalReducer({ page: 2, selected: 11 }, { type: 'page', page: 2 })).toEqual({
      page: 2,
      selected: 11,
    });
  });
});

describe('<NoticeBar> and the notice modal', () => {
  it('opens the clicked notice on its page, expanded', async () => {
    renderApp(<NoticeBar notices={notices} />);
    fireEvent.click(screen.getByRole('button', { name: 'Notice 11' }));
    const modal = await screen.findByTestId('notice-modal');
    const items = within(modal).getAllByRole('listitem');
    expect(items).toHaveLength(9);
    expect(items[0]!.textContent).toContain('Notice 9');
    expect(within(modal).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(await within(modal).findByText('Content 11')).toBeTruthy();
  });

  it('changing page clears the selection', async () => {
    renderApp(<NoticeBar notices={notices} />);
    fireEvent.click(screen.getByRole('button', { name: 'Notice 11' }));
    const modal = await screen.findByTestId('notice-modal');
    fireEvent.click(within(modal).getByRole('button', { name: 'Page 3' }));
    expect(within(modal).getAllByRole('listitem')).toHaveLength(2);
    expect(within(modal).queryByText(/^Content/)).toBeNull();
    fireEvent.click(within(modal).getByRole('button', { name: 'Page 2' }));
    expect(within(modal).queryByText('Content 11')).toBeNull();
  });
});
