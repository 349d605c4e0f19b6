import { ApiError } from './api';

/** A failed read is tried again while `failureCount` is under `limit`, never when the user is signed out (401). */
export const retryUnlessSignedOut = (limit: number) => (failureCount: number, error: Error) =>
  !(error instanceof ApiError && error.status === 401) && failureCount < limit;
