// Router fallback screen: any error thrown while rendering a route shows 'Unexpected Application Error!'.
import { Component, type ReactNode } from 'react';

export function ErrorScreen({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : '';
  return (
    <main className="error-screen" role="alert">
      <h1>Unexpected Application Error!</h1>
      {detail ? <p className="error-detail">{detail}</p> : null}
      <p>
        <a href="/">Back to the start</a>
      </p>
    </main>
  );
}

export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  componentDidCatch(error: unknown) {
    console.error(error);
  }
  render() {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
