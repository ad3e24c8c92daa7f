// The build points use-sync-external-store's shim (which wouter imports: a copy of the hook for React before 18, that
// on React 18 and later only hands over React's own) here, to React's own hook (vite.config.ts, resolve.alias).
export { useSyncExternalStore } from 'react';
