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
  /** The page the person wanted when a guard sent them to log in (a path of this site): where they land after. */
  returnTo: string | null
  /** Opened to sign up a specialist (/signup): registration offers the executor mode first. */
  asExecutor: boolean
  show: (
    modal: AuthModal,
    options?: { stayOnPage?: boolean; phone?: string; returnTo?: string | undefined; asExecutor?: boolean },
  ) => void
  close: () => void
}

/** What a modal is opened for, as a closed modal leaves it. */
const NO_PURPOSE = { stayOnPage: false, returnTo: null, asExecutor: false }

/** Which of the login, registration and reset modals is open; the header, routes and links open them. */
export const useAuthModal = create<AuthModalState>()((set) => ({
  open: null,
  used: [],
  phone: '',
  ...NO_PURPOSE,
  show: (modal, options) =>
    set((state) => ({
      open: modal,
      used: state.used.includes(modal) ? state.used : [...state.used, modal],
      phone: '',
      // Switching from login to registration or reset keeps the purpose it was opened with.
      ...(!state.open && NO_PURPOSE),
      ...options,
    })),
  close: () => set({ open: null, phone: '', ...NO_PURPOSE }),
}))
