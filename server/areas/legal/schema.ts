import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { challenges } from '../challenges/schema.ts';
import { users } from '#server/db/schema.ts';

/** Every published version of the terms, the privacy policy and the liability waiver; never changed once published. */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 16 }).notNull(),
    version: integer('version').notNull(),
    body: text('body').notNull(),
    summary: varchar('summary', { length: 500 }).notNull().default(''),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('legal_documents_kind_version_idx').on(t.kind, t.version)],
);

/** An athlete's signature of one waiver version: typed name, when, from where. Never edited. */
export const waiverSignatures = pgTable(
  'waiver_signatures',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => legalDocuments.id),
    fullName: varchar('full_name', { length: 120 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    /** The challenge being joined when it was signed inline, if any. */
    challengeId: integer('challenge_id').references(() => challenges.id, { onDelete: 'set null' }),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('waiver_signatures_user_document_idx').on(t.userId, t.documentId),
    index('waiver_signatures_user_idx').on(t.userId, t.signedAt),
  ],
);

/** An account's acceptance of one version of the terms or the privacy policy. */
export const legalConsents = pgTable(
  'legal_consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => legalDocuments.id),
    ip: varchar('ip', { length: 64 }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('legal_consents_user_document_idx').on(t.userId, t.documentId)],
);
