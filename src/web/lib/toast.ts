import type {
  default as hotToast,
  Renderable,
  Toast,
  ToastOptions,
  ValueOrFunction,
} from 'react-hot-toast';
import { retryingImport } from './retrying-import';

/**
 * The app's toasts (product §8, §9). react-hot-toast and the toaster (about 4 KB gzip) come with
 * the first toast, not with the page: `/` shows none. Calls made while they load run, in order,
 * once they are in; `loading` answers its toast's id at once.
 */
type Library = typeof hotToast;
type Message = ValueOrFunction<Renderable, Toast>;

const loadModule = retryingImport(() => import('react-hot-toast'));
const loadLibrary = () => loadModule().then((module) => module.default);

let wanted = false;
const listeners = new Set<() => void>();
let lastId = 0;

function later(use: (library: Library) => void): void {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  void loadLibrary().then(use);
}

export const toast = {
  loading(message: Renderable, options?: ToastOptions): string {
    const id = options?.id ?? `toast:${(lastId += 1)}`;
    later((library) => library.loading(message, { ...options, id }));
    return id;
  },
  success(message: Message, options?: ToastOptions): void {
    later((library) => library.success(message, options));
  },
  error(message: Message, options?: ToastOptions): void {
    later((library) => library.error(message, options));
  },
  dismiss(id?: string): void {
    // Before the first toast there is none to dismiss.
    if (wanted) later((library) => library.dismiss(id));
  },
};

/** Whether a toast was asked for: the toaster is drawn from then on (app/app-toaster.tsx). */
export const toastsWanted = (): boolean => wanted;

export function onToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
