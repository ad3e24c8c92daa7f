import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { PRELOAD_ERROR_EVENT } from './app/lazy-page.tsx';
import { toast } from './lib/toast.ts';
import './app/styles.css';

const PAGE_LOAD_FAILED_TEXT = 'This page could not be loaded. Check your connection, then press Retry.';

window.addEventListener('unhandledrejection', (event) => {
  console.error('Unhandled promise rejection:', event.reason);
});
// lazyPage raises 'preload-error' when a page's chunk fails to load; keep a trace of it.
window.addEventListener(PRELOAD_ERROR_EVENT, (event) => {
  console.error('A page failed to load:', (event as CustomEvent).detail);
  toast({ title: PAGE_LOAD_FAILED_TEXT, variant: 'error' });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
