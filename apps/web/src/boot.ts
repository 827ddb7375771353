import { startBootCalls } from './lib/boot-calls.ts';
import { storage } from './lib/storage.ts';

/**
 * The page's entry, a few hundred bytes: it paints the remembered theme behind index.html's spinner
 * and starts the first screen's calls the moment it arrives, while React and the rest of the app
 * (main.tsx, announced in index.html) are still downloading. Before, the first call went out only
 * once every script had arrived and run.
 */
const theme = storage.theme() ?? 'dark';
document.documentElement.dataset.theme = theme;
document.documentElement.style.colorScheme = theme;
startBootCalls();
void import('./main.tsx');
