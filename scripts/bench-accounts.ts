import { randomUUID } from 'node:crypto';
import type { BuiltApp } from '#server/app.ts';
import { sessions, users } from '#server/db/schema.ts';
import { signAccessToken } from '#server/lib/tokens.ts';

/**
 * A signed-in session (CSRF token "x") and an access token for each of these existing accounts, written straight
 * into the app's database (500 a statement), without the sign-in flow.
 */
export async function benchSessions(app: BuiltApp, userIds: number[]) {
  const db = app.context.database.db;
  const t = new Date();
  const accounts: { token: string; userId: number }[] = [];
  for (let i = 0; i < userIds.length; i += 500) {
    const made = userIds.slice(i, i + 500).map((userId) => ({ id: randomUUID(), userId }));
    await db.insert(sessions).values(
      made.map((m) => ({
        id: m.id,
        userId: m.userId,
        csrfToken: 'x',
        refreshHash: randomUUID(),
        createdAt: t,
        expiresAt: new Date(t.getTime() + 86_400_000),
      })),
    );
    for (const m of made)
      accounts.push({
        userId: m.userId,
        token: (await signAccessToken(app.context.jwtKey, { userId: m.userId, sessionId: m.id }, t)).token,
      });
  }
  return accounts;
}

/**
 * `count` accounts written straight into the app's database (500 a statement), each with a signed-in session (CSRF
 * token "x") and an access token: enough sockets for a bench within the per-account cap, without the sign-in flow.
 */
export async function benchAccounts(app: BuiltApp, count: number, name: string) {
  const db = app.context.database.db;
  const ids: number[] = [];
  for (let i = 0; i < count; i += 500) {
    const batch = Array.from({ length: Math.min(500, count - i) }, () => `bench.${randomUUID()}@example.test`);
    const rows = await db
      .insert(users)
      .values(batch.map((email) => ({ email, emailNormalized: email, passwordHash: 'x', displayName: name })))
      .returning({ id: users.id });
    ids.push(...rows.map((row) => row.id));
  }
  return benchSessions(app, ids);
}
