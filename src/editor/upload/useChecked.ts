// Reads a chosen file into `T` whenever it changes; a newer file wins over a slower older one.
import { useEffect, useState } from 'react';

export type Checked<T> =
  { state: 'idle' } | { state: 'validating' } | { state: 'done'; value: T } | { state: 'failed'; message: string };

export function useChecked<T>(file: File | null, read: (f: File) => Promise<T>): Checked<T> {
  const [out, setOut] = useState<Checked<T>>({ state: 'idle' });
  useEffect(() => {
    if (!file) {
      setOut({ state: 'idle' });
      return;
    }
    let live = true;
    setOut({ state: 'validating' });
    read(file).then(
      (value) => {
        if (live) setOut({ state: 'done', value });
      },
      (e: unknown) => {
        if (live) setOut({ state: 'failed', message: e instanceof Error ? e.message : String(e) });
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `read` is a new closure each render; only a new file is read again
  }, [file]);
  return out;
}
