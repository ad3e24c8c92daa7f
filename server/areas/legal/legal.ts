import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { challengeParticipants, challenges, legalConsents, legalDocuments, users, waiverSignatures } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import { CONSENT_KINDS, LEGAL_TITLES, WAIVER_NAME_MAX, WAIVER_NAME_PROBLEM, type ConsentKind, type LegalKind } from '#domain/legal.ts';

// Versioned legal documents (terms, privacy policy, liability waiver), waiver signatures and consent records.

type DocumentRow = typeof legalDocuments.$inferSelect;

export const presentDocument = (d: DocumentRow) => ({
  kind: d.kind as LegalKind,
  version: d.version,
  body: d.body,
  summary: d.summary,
  published_at: d.publishedAt.toISOString(),
});

/** An address as stored: bounded, never empty. */
const storedIp = (ip: string | undefined) => (ip ?? 'unknown').slice(0, 64);

export async function currentDocument(db: Database, kind: LegalKind): Promise<DocumentRow> {
  const [doc] = await db.select().from(legalDocuments).where(eq(legalDocuments.kind, kind)).orderBy(desc(legalDocuments.version)).limit(1);
  if (!doc) throw notFound(`No ${LEGAL_TITLES[kind]} has been published yet.`);
  return doc;
}

/** A new version, numbered after the current one; the versions before it stay as they were. */
export async function publishDocument(
  db: Database,
  kind: LegalKind,
  input: { body: string; summary?: string },
  adminId: number,
  now: Date,
) {
  const body = input.body.trim();
  if (!body) throw badRequest('Write the text of the new version.', 'body');
  const summary = (input.summary ?? '').trim();
  const [row] = await db
    .select({ latest: max(legalDocuments.version) })
    .from(legalDocuments)
    .where(eq(legalDocuments.kind, kind));
  const inserted = await db
    .insert(legalDocuments)
    .values({ kind, version: (row?.latest ?? 0) + 1, body, summary, publishedBy: adminId, publishedAt: now })
    .onConflictDoNothing()
    .returning();
  if (inserted.length === 0) throw conflict('Another version was published at the same moment. Reload and try again.');
  return presentDocument(inserted[0]!);
}

const presentSignature = (s: { version: number; fullName: string; signedAt: Date }) => ({
  version: s.version,
  full_name: s.fullName,
  signed_at: s.signedAt.toISOString(),
});

/** The current waiver and the athlete's signature of it (null when they have not signed this version). */
export async function waiverStatus(db: Database, userId: number) {
  const doc = await currentDocument(db, 'waiver');
  const [signature] = await db
    .select({ fullName: waiverSignatures.fullName, signedAt: waiverSignatures.signedAt })
    .from(waiverSignatures)
    .where(and(eq(waiverSignatures.userId, userId), eq(waiverSignatures.documentId, doc.id)));
  return { document: presentDocument(doc), signature: signature ? presentSignature({ ...signature, version: doc.version }) : null };
}

/** Whether the athlete signed the waiver as it stands now (what joining a challenge that requires it needs). */
export async function signedCurrentWaiver(db: Database, userId: number): Promise<{ signed: boolean; version: number }> {
  const doc = await currentDocument(db, 'waiver');
  const [signature] = await db
    .select({ id: waiverSignatures.id })
    .from(waiverSignatures)
    .where(and(eq(waiverSignatures.userId, userId), eq(waiverSignatures.documentId, doc.id)));
  return { signed: signature !== undefined, version: doc.version };
}

export async function signWaiver(
  db: Database,
  userId: number,
  input: { version: number; full_name: string; agreed: boolean; challenge_id?: number },
  ip: string | undefined,
  now: Date,
) {
  const fullName = input.full_name.trim().replace(/\s+/g, ' ');
  if (!fullName) throw badRequest(WAIVER_NAME_PROBLEM, 'full_name');
  if (fullName.length > WAIVER_NAME_MAX) throw badRequest(`A name has at most ${WAIVER_NAME_MAX} characters.`, 'full_name');
  if (/[\p{Cc}\p{Cf}]/u.test(fullName)) throw badRequest('A name cannot contain control characters.', 'full_name');
  if (input.agreed !== true) throw badRequest('Tick the box to agree to the waiver.', 'agreed');
  const doc = await currentDocument(db, 'waiver');
  if (input.version !== doc.version) {
    throw conflict(`The waiver changed: version ${doc.version} is the current one. Read it and sign that version.`);
  }
  if (input.challenge_id !== undefined) {
    const [c] = await db.select({ id: challenges.id }).from(challenges).where(eq(challenges.id, input.challenge_id));
    if (!c) throw notFound('No challenge with that id.');
  }
  const inserted = await db
    .insert(waiverSignatures)
    .values({ userId, documentId: doc.id, fullName, ip: storedIp(ip), challengeId: input.challenge_id ?? null, signedAt: now })
    .onConflictDoNothing()
    .returning();
  // A signature is never replaced: signing the same version twice is refused.
  if (inserted.length === 0) throw conflict(`You signed version ${doc.version} of the waiver already.`);
  return presentSignature({ version: doc.version, fullName, signedAt: now });
}

/**
 * The athletes in a challenge and the waiver signature each joined under: their latest
 * signature made no later than they joined (null for anyone who joined without one).
 */
export async function challengeWaiverSignatures(db: Database, challengeId: number) {
  const [c] = await db
    .select({ id: challenges.id, title: challenges.title, requiresWaiver: challenges.requiresWaiver })
    .from(challenges)
    .where(eq(challenges.id, challengeId));
  if (!c) throw notFound('No challenge with that id.');
  const list = await rowsOf<{
    user_id: number;
    display_name: string;
    joined_at: string | Date;
    version: number | null;
    full_name: string | null;
    signed_at: string | Date | null;
  }>(
    db,
    sql`
    select p.user_id, u.display_name, p.joined_at, s.version, s.full_name, s.signed_at
    from ${challengeParticipants} p
    join ${users} u on u.id = p.user_id
    left join lateral (
      select d.version, w.full_name, w.signed_at
      from ${waiverSignatures} w join ${legalDocuments} d on d.id = w.document_id
      where w.user_id = p.user_id and w.signed_at <= p.joined_at
      order by w.signed_at desc limit 1
    ) s on true
    where p.challenge_id = ${challengeId}
    order by p.joined_at, p.user_id`,
  );
  const iso = (v: string | Date) => new Date(v).toISOString();
  return {
    challenge_id: c.id,
    challenge_title: c.title,
    requires_waiver: c.requiresWaiver,
    signatures: list.map((r) => ({
      user_id: Number(r.user_id),
      display_name: r.display_name,
      joined_at: iso(r.joined_at),
      signature:
        r.version === null || r.signed_at === null
          ? null
          : { version: Number(r.version), full_name: r.full_name ?? '', signed_at: iso(r.signed_at) },
    })),
  };
}

/** What the account accepted, newest first. */
export async function consentHistory(db: Database, userId: number) {
  const rows = await db
    .select({ kind: legalDocuments.kind, version: legalDocuments.version, acceptedAt: legalConsents.acceptedAt })
    .from(legalConsents)
    .innerJoin(legalDocuments, eq(legalDocuments.id, legalConsents.documentId))
    .where(eq(legalConsents.userId, userId))
    .orderBy(desc(legalConsents.acceptedAt), asc(legalDocuments.kind));
  return { consents: rows.map((r) => ({ kind: r.kind as ConsentKind, version: r.version, accepted_at: r.acceptedAt.toISOString() })) };
}

async function currentConsentDocuments(db: Database) {
  const rows = await db
    .selectDistinctOn([legalDocuments.kind])
    .from(legalDocuments)
    .where(inArray(legalDocuments.kind, [...CONSENT_KINDS]))
    .orderBy(legalDocuments.kind, desc(legalDocuments.version));
  return rows;
}

/** The current terms and privacy policy versions the account has not accepted yet. */
export async function pendingConsents(db: Database, userId: number) {
  const current = await currentConsentDocuments(db);
  if (current.length === 0) return { documents: [] };
  const accepted = await db
    .select({ documentId: legalConsents.documentId })
    .from(legalConsents)
    .where(
      and(
        eq(legalConsents.userId, userId),
        inArray(
          legalConsents.documentId,
          current.map((d) => d.id),
        ),
      ),
    );
  const done = new Set(accepted.map((a) => a.documentId));
  return { documents: current.filter((d) => !done.has(d.id)).map(presentDocument) };
}

/**
 * Records acceptance of the given versions, all or nothing. Each must be the current
 * version of its kind; accepting a version again changes nothing.
 */
export async function acceptConsents(
  db: Database,
  userId: number,
  accept: { kind: ConsentKind; version: number }[],
  ip: string | undefined,
  now: Date,
) {
  if (accept.length === 0) throw badRequest('Name the versions you accept.', 'accept');
  const kinds = new Set(accept.map((a) => a.kind));
  if (kinds.size !== accept.length) throw badRequest('Name each document once.', 'accept');
  const current = new Map((await currentConsentDocuments(db)).map((d) => [d.kind, d]));
  const documents = accept.map((a) => {
    const doc = current.get(a.kind);
    if (!doc || a.version < 1 || a.version > doc.version) {
      throw badRequest(`There is no version ${a.version} of the ${LEGAL_TITLES[a.kind]}.`, 'accept');
    }
    if (a.version !== doc.version) {
      throw conflict(`The ${LEGAL_TITLES[a.kind]} changed: version ${doc.version} is the current one. Read it and accept that version.`);
    }
    return doc;
  });
  await db
    .insert(legalConsents)
    .values(documents.map((d) => ({ userId, documentId: d.id, ip: storedIp(ip), acceptedAt: now })))
    .onConflictDoNothing();
  return consentHistory(db, userId);
}

/**
 * At sign-up, inside the account's transaction: the new account accepts the current terms
 * and privacy policy. Versions the form showed, when given, must still be the current ones.
 */
export async function recordSignUpConsent(
  tx: Database,
  userId: number,
  shown: { terms_version: number; privacy_version: number } | undefined,
  ip: string | undefined,
  now: Date,
) {
  const current = await currentConsentDocuments(tx);
  if (current.length === 0) return;
  if (shown) checkShownVersions(current, shown);
  await tx
    .insert(legalConsents)
    .values(current.map((d) => ({ userId, documentId: d.id, ip: ip === undefined ? null : storedIp(ip), acceptedAt: now })))
    .onConflictDoNothing();
}

/** Before anything is written: the versions a sign-up form showed are still current. */
export async function checkSignUpVersions(db: Database, shown: { terms_version: number; privacy_version: number } | undefined) {
  if (shown) checkShownVersions(await currentConsentDocuments(db), shown);
}

function checkShownVersions(current: DocumentRow[], shown: { terms_version: number; privacy_version: number }) {
  for (const d of current) {
    const seen = d.kind === 'terms' ? shown.terms_version : shown.privacy_version;
    if (seen !== d.version) {
      throw conflict(
        `The ${LEGAL_TITLES[d.kind as ConsentKind]} changed while you were signing up (now version ${d.version}). Reload the page to read it.`,
      );
    }
  }
}
