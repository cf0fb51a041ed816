import { create } from 'zustand'

export type AuthModal = 'login' | 'registration' | 'reset'

type AuthModalState = {
  open: AuthModal | null
  /** Modals opened at least once in this page: their code is loaded and they stay mounted. */
  used: AuthModal[]
  /** The person logs in to finish something on this page (publishing an order): stay here, not /account. */
  stayOnPage: boolean
  /** The phone typed in the modal that opened this one (login -> reset), to carry over. */
  phone: string
  show: (modal: AuthModal, options?: { stayOnPage?: boolean; phone?: string }) => void
  close: () => void
}

/** Which of the login, registration and reset modals is open; the header, routes and links open them. */
export const useAuthModal = create<AuthModalState>()((set) => ({
  open: null,
  used: [],
  stayOnPage: false,
  phone: '',
  show: (modal, options) =>
    set((state) => ({
      open: modal,
      used: state.used.includes(modal) ? state.used : [...state.used, modal],
      // Switching from login to registration or reset keeps the purpose it was opened with.
      stayOnPage: options?.stayOnPage ?? (state.open ? state.stayOnPage : false),
      phone: options?.phone ?? '',
    })),
  close: () => set({ open: null, stayOnPage: false, phone: '' }),
}))
