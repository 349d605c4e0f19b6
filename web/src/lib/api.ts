import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleLostSession } from './lost-session';
import { sharedQueryKeys } from './query-keys';

/** A non-OK response. `message` follows docs/product.md §8: "{status}: {body text or status text}". */
export class ApiError extends Error {
  readonly status: number;
  /** The `message` field of a JSON error body, when the body has one. */
  readonly serverMessage: string | undefined;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = readServerMessage(bodyText);
  }
}

function readServerMessage(bodyText: string): string | undefined {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // Not JSON: there is no server message to show.
  }
  return undefined;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await response.text());
  }
}

/**
 * Calls the API with the session cookie. The body is sent as JSON only when given (docs/product.md §7). A read passes its
 * query's `signal` when it should stop once nobody waits for it.
 */
export async function apiRequest(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  await throwIfNotOk(response);
  return response;
}

/** The toast text for a failed call: the server's own message, else the screen's fallback (docs/product.md §8). */
export function errorToastMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

// docs/product.md §8: every failed read or write on a signed-in screen goes through here, so a lost session is handled once.
const onCallError = (error: unknown) =>
  handleLostSession(error, Boolean(queryClient.getQueryData(sharedQueryKeys.currentUser)));

// docs/product.md §9: cached data never goes stale and nothing is retried or refetched unless a screen says so.
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onCallError }),
  mutationCache: new MutationCache({ onError: onCallError }),
  defaultOptions: {
    queries: {
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});
