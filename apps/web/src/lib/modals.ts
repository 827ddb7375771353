import { useSyncExternalStore } from 'react';

/**
 * Modals open and close by name (spec §4). One modal at a time; its props travel with the name.
 * The modal host (app layout) lazy-loads the component of the open one.
 */
export type ModalRequest =
  | { name: 'login'; notice?: string; captcha?: boolean; tab?: 'username' | 'sms' }
  | { name: 'register' }
  | { name: 'forgetPass' }
  | { name: 'changePass'; forced?: boolean; knownPassword?: string }
  | { name: 'verifyLogin'; username: string; password: string }
  | { name: 'memberCentre'; page?: string }
  | { name: 'agentCentre' }
  | { name: 'trialWarning' }
  | { name: 'logoutConfirm' };

export type ModalName = ModalRequest['name'];

let current: ModalRequest | null = null;
const listeners = new Set<() => void>();

function set(next: ModalRequest | null) {
  current = next;
  for (const listener of listeners) listener();
}

export function openModal(request: ModalRequest): void {
  set(request);
}

export function closeModal(name?: ModalName): void {
  if (name && current?.name !== name) return;
  set(null);
}

export function currentModal(): ModalRequest | null {
  return current;
}

export function useModal(): ModalRequest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
