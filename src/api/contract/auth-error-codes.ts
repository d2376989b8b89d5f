/**
 * The codes of a request refused for who sent it (part of API_ERROR_CODES in ./error-codes): apart, because
 * the API client, in the first load, branches on them and on no other code.
 */
export const AUTH_ERROR_CODES = {
  unauthenticated: 'auth/unauthenticated',
  forbidden: 'auth/forbidden',
} as const;
