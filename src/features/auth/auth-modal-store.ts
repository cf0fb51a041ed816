import { create } from 'zustand'

export type AuthModal = 'login' | 'registration' | 'reset'

type AuthModalState = {
  open: AuthModal | null
  /** Modals opened at least once in this page: their code is loaded and they stay mounted. */
  used: AuthModal[]
  show: (modal: AuthModal) => void
  close: () => void
}

/** Which of the login, registration and reset modals is open; the header, routes and links open them. */
export const useAuthModal = create<AuthModalState>()((set) => ({
  open: null,
  used: [],
  show: (modal) =>
    set((state) => ({ open: modal, used: state.used.includes(modal) ? state.used : [...state.used, modal] })),
  close: () => set({ open: null }),
}))
