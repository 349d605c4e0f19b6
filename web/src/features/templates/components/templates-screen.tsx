import type { Template } from '@contract/templates';
import { Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTemplates } from '@/api/get-templates';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { filterTemplates, type TemplateStatusFilter } from '../lib/template-filters';
import { preloadTemplateEditor, TemplateEditorDialog } from './template-editor-dialog';
import { TemplateGrid } from './template-grid';
import { TemplatesFilters } from './templates-filters';
import { useDeleteTemplateWithConfirm } from './use-delete-template-with-confirm';

/**
 * The Email Templates screen (docs/product.md §2): search and status filter over the cards, and the editor modal. `isAdmin`:
 * the signed-in user administers this server, so the editor may name its settings.
 */
export function TemplatesScreen({ isAdmin }: { isAdmin: boolean }) {
  const templatesQuery = useTemplates();
  const [search, setSearch] = useState('');
  const [statusFilter, setStatusFilter] = useState<TemplateStatusFilter>('all');
  // null: the editor is closed; otherwise it edits `template`, or creates one when that is null.
  const [editing, setEditing] = useState<{ template: Template | null } | null>(null);
  const { deleteWithConfirm, pendingId } = useDeleteTemplateWithConfirm();
  useEffect(preloadTemplateEditor, []);

  const shownTemplates = useMemo(
    () => filterTemplates(templatesQuery.data ?? [], search, statusFilter),
    [templatesQuery.data, search, statusFilter],
  );
  const openNew = () => setEditing({ template: null });

  return (
    <div>
      <PageHeader
        title="Email Templates"
        description="Write and organise the emails your campaigns send, by hand or drafted with AI."
        actions={
          <Button onClick={openNew}>
            <Plus />
            New Template
          </Button>
        }
      />

      <div className="grid grid-cols-1 gap-6">
        <TemplatesFilters search={search} onSearch={setSearch} status={statusFilter} onStatus={setStatusFilter} />
        <TemplateGrid
          templates={shownTemplates}
          loading={templatesQuery.isPending}
          error={templatesQuery.error}
          filtered={(templatesQuery.data?.length ?? 0) > 0}
          deletingId={pendingId}
          onRetry={() => templatesQuery.refetch()}
          onCreate={openNew}
          onEdit={(template) => setEditing({ template })}
          onDelete={(template) => deleteWithConfirm(template.id)}
        />
      </div>

      <TemplateEditorDialog
        open={editing !== null}
        template={editing?.template ?? null}
        isAdmin={isAdmin}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
