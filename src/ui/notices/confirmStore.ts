// Questions waiting for a yes or no, asked one at a time (a second ask waits for the first answer).
export interface ConfirmRequest {
  /** The dialog's name, e.g. "Delete pin". */
  title: string;
  /** The question, e.g. "Are you sure you want to delete Barn from the map?". */
  message: string;
  /** The button that says yes; default "OK". Name the action ("Delete") rather than "OK". */
  confirmLabel?: string;
  /** The button that says no; default "Cancel". */
  cancelLabel?: string;
  /** The yes button looks dangerous (a removal that cannot be undone). */
  danger?: boolean;
}

export interface PendingConfirm extends ConfirmRequest {
  readonly id: number;
  answer(yes: boolean): void;
}

export interface ConfirmStore {
  ask(request: ConfirmRequest): Promise<boolean>;
  /** The question shown now, or null. */
  current(): PendingConfirm | null;
  subscribe(listener: () => void): () => void;
}

export function createConfirmStore(): ConfirmStore {
  let queue: readonly PendingConfirm[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  return {
    ask(request) {
      return new Promise<boolean>((resolve) => {
        const id = nextId++;
        const answer = (yes: boolean) => {
          if (!queue.some((q) => q.id === id)) return;
          queue = queue.filter((q) => q.id !== id);
          listeners.forEach((l) => l());
          resolve(yes);
        };
        queue = [...queue, { ...request, id, answer }];
        listeners.forEach((l) => l());
      });
    },
    current: () => queue[0] ?? null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
