import type { ErrorEntry } from './entry.ts';

export const gamesErrors = {
  // Games: catalogue, launch and the launch-token exchange of vendors (game-launch.ts)
  game_maintenance: {
    status: 200,
    en: 'This game is under maintenance. Try one of these instead.',
    ms: 'Permainan ini sedang diselenggara. Cuba salah satu daripada ini.',
    cn: '该游戏维护中，请试试以下推荐游戏。',
  },
  game_not_found: {
    status: 200,
    en: 'This game is not available.',
    ms: 'Permainan ini tidak tersedia.',
    cn: '该游戏不可用。',
  },
  game_free_play_unavailable: {
    status: 200,
    en: 'This game has no free play. Log in with a real account to play it.',
    ms: 'Permainan ini tiada main percuma. Log masuk dengan akaun sebenar untuk bermain.',
    cn: '该游戏不支持免费试玩，请使用正式账号登录后游戏。',
  },
  game_launch_unavailable: {
    status: 200,
    en: 'This game cannot be opened right now. Please try again later.',
    ms: 'Permainan ini tidak dapat dibuka sekarang. Sila cuba lagi kemudian.',
    cn: '该游戏暂时无法打开，请稍后再试。',
  },
  launch_token_invalid: {
    status: 200,
    en: 'The launch token is not valid, has expired or was already used.',
    ms: 'Token pelancaran tidak sah, telah tamat tempoh atau telah digunakan.',
    cn: '启动令牌无效、已过期或已被使用。',
  },
} as const satisfies Record<string, ErrorEntry>;
