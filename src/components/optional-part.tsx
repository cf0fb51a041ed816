import { Component, Suspense, type ReactNode } from 'react'

/**
 * A part of a screen the screen does without: shown when its chunk has loaded, and nothing when loading it
 * failed (offline, or a chunk gone after a new release), instead of an error in place of the whole screen.
 */
export class OptionalPart extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  render() {
    if (this.state.failed) return null
    return <Suspense fallback={null}>{this.props.children}</Suspense>
  }
}
