import { create } from 'zustand'

export type AuthModal = 'login' | 'registration' | 'reset'

type AuthModalState = { open: AuthModal | null; show: (modal: AuthModal) => void; close: () => void }

/** Which of the login, registration and reset modals is open; the header, routes and links open them. */
export const useAuthModal = create<AuthModalState>()((set) => ({
  open: null,
  show: (modal) => set({ open: modal }),
  close: () => set({ open: null }),
}))
