import { useSyncExternalStore } from 'react';

/** The one login modal: any screen can ask for it (Book as a visitor, the header, the basket). */
let open = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const loginModal = {
  open() {
    open = true;
    emit();
  },
  close() {
    open = false;
    emit();
  },
  isOpen: () => open,
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useLoginModalOpen = () => useSyncExternalStore(subscribe, loginModal.isOpen, loginModal.isOpen);
