import { toast } from './toast';
import { ApiRequestError, type ApiResponse } from './api-client';
import { toastUndoable } from './undo-toast';

/** product §8: the toast for any failure that has no message of its own. */
export const GENERIC_ERROR = 'Some error occured. Try Again.';

/** Success recognised by status (product §5): adds accept 200 or 201, deletions 200 only. */
export const ADDED = [200, 201] as const;
export const DELETED = [200] as const;

/** A 2xx answer outside the statuses an action accepts. */
export class UnexpectedStatusError extends Error {
  constructor(readonly status: number) {
    super(`Unexpected status ${status}`);
  }
}

/** Resolves to the body when the status is one the action accepts. */
export function accept<T>(response: ApiResponse<T>, statuses: readonly number[]): T {
  if (!statuses.includes(response.status)) throw new UnexpectedStatusError(response.status);
  return response.data;
}

/**
 * The id of the failure toast for an error: one per kind (no answer, or each status), so a burst
 * of failures shows one toast that restarts its time rather than a stack of the same words.
 */
export function failureToastId(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return 'failure:unexpected';
  return error.unreachable ? 'failure:unreachable' : `failure:${error.status}`;
}

/** product §8's generic failure toast, once per kind of failure. */
export function toastFailure(error: unknown): void {
  toast.error(GENERIC_ERROR, { id: failureToastId(error) });
}

/**
 * A change whose refusal means this tab's copy of the list is behind: by default a 409 (already
 * there: the video was added elsewhere, in another tab or on another device); for a playlist also a
 * 404 (it was deleted elsewhere). `refetch` brings the copy up to date, then the failure goes on as
 * before (its toast, the error action), and the screen shows the list as it now is. A refetch that
 * fails changes nothing.
 */
export function catchingUp(
  change: () => Promise<void>,
  refetch: () => Promise<void>,
  behindWhen: readonly number[] = [409],
): () => Promise<void> {
  return async () => {
    try {
      await change();
    } catch (error) {
      if (error instanceof ApiRequestError && behindWhen.includes(error.status)) {
        await refetch().catch(() => undefined);
      }
      throw error;
    }
  };
}

export interface ToastTexts {
  loading: string;
  success: string;
}

/**
 * Runs one user action between product §8's loading and success toasts. On failure it hands the error
 * to `onError` (the store's error action) and, unless `quiet`, toasts the generic error. With
 * `undo` (a removal), the success toast offers 'Undo' beside its text.
 * Resolves to whether the action succeeded.
 */
export async function withToasts(
  texts: ToastTexts,
  action: () => Promise<void>,
  onError: (error: unknown) => void,
  { quiet = false, undo }: { quiet?: boolean; undo?: () => void } = {},
): Promise<boolean> {
  const id = toast.loading(texts.loading);
  try {
    await action();
    if (undo) toastUndoable(id, texts.success, undo);
    else toast.success(texts.success, { id });
    return true;
  } catch (error) {
    onError(error);
    toast.dismiss(id);
    if (!quiet) toastFailure(error);
    return false;
  }
}
