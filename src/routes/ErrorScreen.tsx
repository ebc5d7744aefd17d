// Router fallback screen.
import { isRouteErrorResponse, useRouteError } from 'react-router';

export function ErrorScreen() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';
  return (
    <main className="error-screen" role="alert">
      <h1>Unexpected Application Error!</h1>
      {detail ? <p className="error-detail">{detail}</p> : null}
      <p><a href="/">Back to the start</a></p>
    </main>
  );
}
