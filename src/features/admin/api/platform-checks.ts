import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import { onRealtimeMessage } from '#src/lib/realtime.ts';
import type { PlatformCheck, PlatformCheckResult } from '#machines/admin-testing.ts';

/** The message the server's socket probe arrives as (server/areas/admin/admin-testing.ts). */
const SOCKET_PROBE_TYPE = 'admin_test_probe';
/** How long the socket check waits for its probe to come back. */
export const SOCKET_PROBE_WAIT_MS = 6000;
/** A probe published before the socket opened is lost: another goes out this often until one returns. */
const SOCKET_PROBE_RETRY_MS = 1500;

const round = (ms: number) => Math.round(ms * 10) / 10;

function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The socket check runs in the browser: the server publishes a probe through the bus every node
 * LISTENs on, and it must come back over this page's own real-time socket. The round trip is timed
 * from the probe's request to its arrival.
 */
async function socketCheck(): Promise<PlatformCheckResult> {
  const sentAt = new Map<string, number>();
  const publishMs = new Map<string, number>();
  let stop = () => {};
  const arrived = new Promise<{ nonce: string; at: number }>((resolve) => {
    stop = onRealtimeMessage((message) => {
      if (message.type === SOCKET_PROBE_TYPE && sentAt.has(message.nonce)) resolve({ nonce: message.nonce, at: performance.now() });
    });
  });
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    for (;;) {
      const nonce = newNonce();
      sentAt.set(nonce, performance.now());
      const answer = await callApi(
        secureApi.POST('/api/admin/testing/socket-probe', { body: { nonce } }),
        'The server could not publish the socket probe.',
      );
      publishMs.set(nonce, answer.publish_ms);
      const left = SOCKET_PROBE_WAIT_MS - (performance.now() - started);
      if (left <= 0) break;
      const back = await Promise.race([
        arrived,
        new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), Math.min(left, SOCKET_PROBE_RETRY_MS)))),
      ]);
      clearTimeout(timer);
      if (back) {
        const roundTrip = round(back.at - sentAt.get(back.nonce)!);
        return {
          check: 'socket',
          status: 'ok',
          detail: `A probe went out through the server's real-time bus and came back over this page's live connection in ${roundTrip} ms.`,
          duration_ms: roundTrip,
          facts: [
            { label: 'Round trip', value: `${roundTrip} ms` },
            { label: 'Publish on the server', value: `${publishMs.get(back.nonce) ?? '?'} ms` },
            { label: 'Probes sent', value: String(sentAt.size) },
          ],
        };
      }
    }
    return {
      check: 'socket',
      status: 'failed',
      detail: `No probe came back over the live connection within ${SOCKET_PROBE_WAIT_MS / 1000} s: this page's real-time socket is not open, or the server's bus is not delivering.`,
      duration_ms: round(performance.now() - started),
      facts: [{ label: 'Probes sent', value: String(sentAt.size) }],
    };
  } finally {
    stop();
  }
}

/** Runs one check: the socket one here in the browser, mail and the rest on the server. */
export async function runPlatformCheck(check: PlatformCheck): Promise<PlatformCheckResult> {
  if (check === 'socket') return socketCheck();
  if (check === 'mail') return callApi(secureApi.POST('/api/admin/testing/mail'), 'The test mail could not be sent.');
  return callApi(secureApi.POST('/api/admin/testing/checks/{check}', { params: { path: { check } } }), 'The check could not be run.');
}
