/**
 * The app's one toast queue. Any module (API middleware, machines' actions,
 * components) calls toast(); the <Toaster> in the layout renders the queue.
 */
export type ToastVariant = 'info' | 'success' | 'error';

export interface ToastAction {
  label: string;
  /** A path inside the app (e.g. '/login-page') or a callback. */
  href?: string;
  onClick?: () => void;
}

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  durationMs: number;
  action?: ToastAction;
}

export type ToastInput = Omit<ToastMessage, 'id' | 'variant' | 'durationMs'> & Partial<Pick<ToastMessage, 'variant' | 'durationMs'>>;

const DEFAULT_TOAST_MS = 5000;
const MAX_VISIBLE = 5;

let nextId = 1;
let queue: ToastMessage[] = [];
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((l) => l());
}

export function toast(input: ToastInput | string): number {
  const message: ToastMessage = {
    variant: 'info',
    durationMs: DEFAULT_TOAST_MS,
    ...(typeof input === 'string' ? { title: input } : input),
    id: nextId++,
  };
  // The same words twice in a row (e.g. two failed calls at once) show once.
  queue = [...queue.filter((t) => t.title !== message.title || t.description !== message.description), message].slice(-MAX_VISIBLE);
  emit();
  return message.id;
}

export function dismissToast(id: number): void {
  queue = queue.filter((t) => t.id !== id);
  emit();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastMessage[] {
  return queue;
}
