import { Spinner } from '../ui/Spinner';

export function LoadingScreen({ error }: { error?: string }) {
  return (
    <main className="loading-screen">
      {error ? <p role="alert">{error}</p> : <Spinner label="Loading the viewer" />}
    </main>
  );
}
