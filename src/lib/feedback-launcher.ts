/**
 * The footer's Feedback button and the feedback dialog meet here: the button
 * asks, the dialog (mounted once in the layout) listens, and focus returns to
 * the element that asked when the dialog closes.
 */
type Listener = (opener: HTMLElement | null) => void;
const listeners = new Set<Listener>();

export function openFeedback(opener: HTMLElement | null = null): void {
  listeners.forEach((l) => l(opener));
}

export function onOpenFeedback(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
