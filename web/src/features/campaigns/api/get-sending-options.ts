import { useQuery } from '@tanstack/react-query';
import { emailAccountsQueryOptions } from '@/api/get-email-accounts';
import { templatesQueryOptions } from '@/api/get-templates';

/** The mailboxes a campaign can go from: the accounts screen's read and cache. */
export function useSendingAccounts() {
  return useQuery(emailAccountsQueryOptions());
}

/** The templates a campaign can send: the templates screen's read and cache, only Active ones (docs/product.md §4). */
export function useSendableTemplates() {
  return useQuery({
    ...templatesQueryOptions(),
    select: (templates) => templates.filter((template) => template.status === 'active'),
  });
}
