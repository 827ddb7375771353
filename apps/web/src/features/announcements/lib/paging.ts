/** Announcement popup: 5 titles per page (spec §9). */
export const POPUP_PAGE_SIZE = 5;
/** Notice modal: 9 notices per page (spec §9). */
export const NOTICE_PAGE_SIZE = 9;

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

export function pageSlice<T>(items: readonly T[], page: number, size: number): T[] {
  return items.slice((page - 1) * size, page * size);
}

export function pageOfIndex(index: number, size: number): number {
  return Math.floor(index / size) + 1;
}

/**
 * Notice modal selection rules (spec §4): opening selects the notice by index and jumps to its
 * page; changing page clears the selection.
 */
export type NoticeModalState = { page: number; selected: number | null };
export type NoticeModalAction =
  | { type: 'open'; index: number }
  | { type: 'page'; page: number }
  | { type: 'select'; index: number | null };

export function noticeModalReducer(state: NoticeModalState, action: NoticeModalAction): NoticeModalState {
  switch (action.type) {
    case 'open':
      return {
        page: pageOfIndex(Math.max(0, action.index), NOTICE_PAGE_SIZE),
        selected: Math.max(0, action.index),
      };
    case 'page':
      return action.page === state.page ? state : { page: action.page, selected: null };
    case 'select':
      return { ...state, selected: action.index };
  }
}
