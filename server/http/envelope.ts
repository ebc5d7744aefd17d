// Every answer is {success, payload} or {success:false, message}.
export const ok = <T>(payload: T, message?: string) => (message ? { success: true as const, payload, message } : { success: true as const, payload });
