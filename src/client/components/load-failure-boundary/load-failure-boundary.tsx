import { Component, type ReactNode } from 'react';

/**
 * Keeps a failure to render a part of a page (its code could not be downloaded: offline, or a new release
 * replaced it) inside that part, so the rest of the page stays; the parent decides what is shown instead and
 * re-mounts the boundary (a new `key`) to try again.
 */
export class LoadFailureBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
