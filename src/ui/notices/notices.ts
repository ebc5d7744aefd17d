// The page's one toast list and one question queue, and the calls the product uses instead of alert() and
// confirm(). <Notices /> (mounted once in App) shows them.
//
//   toast.error(`Error! Failed to save the floor. ${messageOf(e)}`);   // role="alert", stays 10 s
//   toast.success('Floor saved');                                      // role="status", stays 5 s
//   if (await askConfirm({ title: 'Delete pin', message: `Delete ${name}?`, confirmLabel: 'Delete', danger: true }))
//     remove(pin);
import { createConfirmStore, type ConfirmRequest } from './confirmStore';
import { createToastStore, type ToastOptions } from './toastStore';

export const toastStore = createToastStore();
export const confirmStore = createConfirmStore();

export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export const toast = {
  info: (message: string, options?: ToastOptions) => toastStore.show('info', message, options),
  success: (message: string, options?: ToastOptions) => toastStore.show('success', message, options),
  error: (message: string, options?: ToastOptions) => toastStore.show('error', message, options),
  /** An error toast: `what` failed, then the reason the error gives (the server's message). */
  failed: (what: string, e: unknown) => toastStore.show('error', `${what} ${errorMessage(e)}`),
  dismiss: (id: number) => toastStore.dismiss(id),
};

/** Asks a yes/no question in the product's own dialog; resolves true on yes, false on no, Escape or close. */
export const askConfirm = (request: ConfirmRequest): Promise<boolean> => confirmStore.ask(request);
