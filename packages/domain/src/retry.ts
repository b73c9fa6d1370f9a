/**
 * The web client's query rules (doc 1, section 8): at most 3 attempts, no retry on 404 or 422 (or any other
 * 4xx, which a retry cannot fix), and 404, 409 and 422 never reach the error screen.
 */
export function shouldRetryQuery(failureCount: number, status: number | undefined): boolean {
  if (failureCount >= 3) return false;
  if (status !== undefined && status >= 400 && status < 500) return false;
  return true;
}

export const reachesErrorScreen = (status: number | undefined): boolean => status === undefined || ![404, 409, 422, 401].includes(status);
