/** JSON calls to our own API (same origin; credentials always sent, spec §7). */

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(
      text ? `Server error: ${text.slice(0, 200)}` : `Server returned ${res.status} with no content`,
      res.status,
    );
  }
}

/** GET a JSON API path; query values that are undefined/null are left out. */
export async function apiGet<T>(
  path: string,
  query?: Record<string, string | number | undefined | null>,
): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  const res = await fetch(url, { credentials: 'include', headers: { accept: 'application/json' } });
  return readJson<T>(res);
}

export async function apiSend<T>(
  method: 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  query?: Record<string, string | number | undefined>,
): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return readJson<T>(res);
}
