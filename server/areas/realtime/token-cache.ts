import { decodeJwt } from 'jose';
import type { AppContext } from '#server/context.ts';
import { authenticate } from '../auth/index.ts';
import { verifyAccessToken } from '#server/lib/tokens.ts';

/** Tokens whose revocation check is remembered; past it the oldest is forgotten. */
export const SOCKET_TOKEN_CACHE_SIZE = 10_000;

export interface SocketAuth {
  userId: number;
  /** ms since the epoch. */
  expiresAt: number;
}

/**
 * Socket authentication without a database read per message: the signature and expiry
 * are checked every time (CPU only), the session's revocation once per token. So a socket
 * keeps a token revoked after that check until the token expires (15 minutes at most).
 * Only tokens this server signed get a cache entry, so garbage cannot flush it.
 */
export class SocketTokenCache {
  /** By token: its expiry and whether its session was live when first checked. */
  private readonly checked = new Map<string, { expiresAt: number; live: Promise<boolean> }>();

  constructor(
    private readonly ctx: AppContext,
    private readonly size = SOCKET_TOKEN_CACHE_SIZE,
  ) {}

  async check(token: string): Promise<SocketAuth | null> {
    const claims = await verifyAccessToken(this.ctx.jwtKey, token, this.ctx.now());
    if (!claims) return null;
    let entry = this.checked.get(token);
    if (!entry) {
      entry = { expiresAt: (decodeJwt(token).exp ?? 0) * 1000, live: this.sessionLive(token, claims.userId) };
      if (this.checked.size >= this.size) this.checked.delete(this.checked.keys().next().value!);
      this.checked.set(token, entry);
      // A failed lookup (database down) is no answer: the next message asks again.
      entry.live.catch(() => this.checked.delete(token));
    }
    return (await entry.live) ? { userId: claims.userId, expiresAt: entry.expiresAt } : null;
  }

  /** Forgets tokens that have expired: the signature check refuses them first anyway. */
  prune(now: number) {
    for (const [token, entry] of this.checked) if (entry.expiresAt <= now) this.checked.delete(token);
  }

  private async sessionLive(token: string, userId: number): Promise<boolean> {
    const auth = await authenticate(this.ctx, token);
    return auth !== null && auth.user.id === userId;
  }
}
