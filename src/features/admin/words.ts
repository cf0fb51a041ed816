import { useLingui } from '@lingui/react/macro'
import type { DenyReason, DocumentType } from '#contract/schemas/verification.ts'

/** How the console names document types, refusal reasons and audited actions in the current language. */
export function useAdminWords() {
  const { t } = useLingui()
  const documentTypes: Record<DocumentType, string> = {
    passport: t`Passport`,
    id_card: t`ID card`,
    driver_licence: t`Driver's licence`,
  }
  const reasons: Record<DenyReason, string> = {
    unreadable: t`The photos cannot be read`,
    face_not_visible: t`The face is not clearly visible on the selfie`,
    mismatch: t`The person or the data do not match`,
    expired: t`The document has expired`,
    not_a_document: t`This is not an identity document`,
    other: t`Another reason`,
  }
  // The server's action codes (server/modules/verification); one it adds later shows as its code until named here.
  const actions: Record<string, string> = {
    'verification.approve': t`Documents approved`,
    'verification.deny': t`Documents denied`,
    'document.read': t`Document photo viewed`,
    'service.approve': t`Proposed service added`,
    'service.merge': t`Proposed service merged`,
    'service.reject': t`Proposed service rejected`,
    'review.hide': t`Review hidden`,
    'review.unhide': t`Review shown again`,
    'report.dismiss': t`Report dismissed`,
    'message.hide': t`Message hidden`,
    'order.hide': t`Order hidden`,
    'profile.hide': t`Profile hidden`,
    'user.warn': t`User warned`,
    'user.block': t`User blocked`,
    'user.unblock': t`User unblocked`,
  }
  const sides: Record<string, string> = {
    front: t`Front side`,
    back: t`Back side`,
    selfie: t`Selfie`,
  }
  return { documentTypes, reasons, actions, sides }
}
