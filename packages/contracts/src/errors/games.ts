import type { ErrorEntry } from './entry.ts';

export const gamesErrors = {
  // Games
  game_maintenance: {
    status: 200,
    en: 'This game is under maintenance. Try one of these instead.',
    ms: 'Permainan ini sedang diselenggara. Cuba salah satu daripada ini.',
    cn: '该游戏维护中，请试试以下推荐游戏。',
  },
} as const satisfies Record<string, ErrorEntry>;
