import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Attachment } from '../../../contract/templates';
import { ownedRowColumns } from './owned-row';

export const templates = pgTable(
  'templates',
  {
    ...ownedRowColumns(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    /** Sanitised HTML (server/modules/templates/sanitize-html.ts); never stored unsanitised. */
    body: text('body').notNull(),
    weekNumber: integer('week_number'),
    status: text('status', { enum: ['draft', 'active', 'archived'] })
      .notNull()
      .default('draft'),
    includeStockTip: boolean('include_stock_tip').notNull().default(false),
    attachments: jsonb('attachments').$type<Attachment[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('templates_user_created_idx').on(table.userId, table.createdAt.desc())],
);

export type TemplateRow = typeof templates.$inferSelect;
