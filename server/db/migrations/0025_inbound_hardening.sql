-- A message larger than the reader fetches is read from its beginning and stored with this flag, which the Replies
-- screen and the lead's history say in words (decision 0055). The new kinds of inbound_messages ('unmatched_report',
-- 'unclassified') need no statement: the column is text, its values are the schema's.
ALTER TABLE "inbound_messages" ADD COLUMN "truncated" boolean DEFAULT false NOT NULL;
