-- The search index's pending list merges after each import and by housekeeping (lead-table-upkeep.ts), not piece
-- by piece as an import goes: large enough for a whole import chunk. Set in place (no rebuild of the index).
ALTER INDEX "leads_search_idx" SET (gin_pending_list_limit = 16384);
