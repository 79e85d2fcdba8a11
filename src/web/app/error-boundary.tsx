import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | undefined;
}

/** product §8's router fallback: a render failure shows 'Unexpected Application Error!'. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  // React's component stack says which component threw, beside the error's own stack.
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main role="alert" style={{ padding: '2rem' }}>
        <h1>Unexpected Application Error!</h1>
        <p>{this.state.error.message}</p>
        <a href="/">Back to home</a>
      </main>
    );
  }
}
