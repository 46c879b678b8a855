import { apiUrl, csrfToken, NetworkError, UNSAFE, withRefresh, type ApiResponse, type Method } from './api-client.ts';

/*
 * Uploads with progress, apart from the API client: only the vehicle forms need them, so this
 * code loads with those screens and not with the landing page.
 */

/** How much of a request body has gone up, from 0 to 1. */
export type UploadProgress = (fraction: number) => void;

/**
 * One multipart attempt through XMLHttpRequest, because fetch reports no upload progress. It sends
 * what `send` sends (cookies, Accept, CSRF) and hands back a Response, so the refresh-then-retry
 * and the error mapping stay the same code as every other call.
 */
async function sendWithProgress(
  method: Method,
  path: string,
  form: FormData,
  onProgress: UploadProgress,
  signal?: AbortSignal,
): Promise<Response> {
  const token = UNSAFE.has(method) ? await csrfToken() : null;
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('X-CSRFToken', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 0) {
        reject(new NetworkError());
        return;
      }
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      // A Response may not carry a body with these statuses.
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status, headers }));
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.ontimeout = () => reject(new NetworkError());
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was aborted.', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/** A multipart call that reports upload progress; otherwise the same as `apiRequest`. */
export function apiUpload<T>(
  method: Method,
  path: string,
  form: FormData,
  onProgress: UploadProgress,
  signal?: AbortSignal,
): Promise<ApiResponse<T>> {
  return withRefresh<T>(path, () => sendWithProgress(method, path, form, onProgress, signal));
}
