/**
 * Asks the server for the achievements to pop up, one request at a time: a call while one is on
 * its way asks once more after it (what unlocked meanwhile is not missed), and any number of
 * calls meanwhile make that one request. A failed request is forgotten; the next call asks again.
 */
export function popupCatchUp<T>(take: () => Promise<T[]>, onTaken: (items: T[]) => void): () => void {
  let running = false;
  let again = false;
  const run = async () => {
    running = true;
    do {
      again = false;
      try {
        const items = await take();
        if (items.length > 0) onTaken(items);
      } catch {
        // Offline or signed out: the next connect, message or visible tab asks again.
      }
    } while (again);
    running = false;
  };
  return () => {
    if (running) again = true;
    else void run();
  };
}
