/**
 * PLACEHOLDER so /notifications compiles before the push feature (helper W1) is merged: that branch brings the
 * real card (asks for browser push permission) at this path and replaces this file.
 */
export default function PushPermissionCard() {
  return null
}
