// oidc-provider ships no types; the OIDC end-to-end test uses it as a real provider.
declare module 'oidc-provider';
