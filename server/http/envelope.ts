// Every answer is the contract's envelope: {success, payload} or {success:false, message}.
import type { z } from 'zod';
import type { failure } from '../../contract/api.ts';

export const ok = <T>(payload: T, message?: string) =>
  message ? { success: true as const, payload, message } : { success: true as const, payload };
export const fail = (message: string): z.infer<typeof failure> => ({ success: false, message });
