import type { Lead } from '@contract/leads';
import type { TemplateLead } from '@contract/template-render';

/** The values a lead gives the template variables; a missing value leaves the variable to its fallback. */
export function templateLeadFrom(lead: Pick<Lead, 'firstName' | 'lastName' | 'email' | 'company'>): TemplateLead {
  return {
    firstName: lead.firstName ?? '',
    lastName: lead.lastName ?? '',
    email: lead.email,
    company: lead.company ?? '',
  };
}

/** How a lead is named in the preview's lead list: the name, else the email. */
export function previewLeadLabel(lead: Pick<Lead, 'firstName' | 'lastName' | 'email'>): string {
  return [lead.firstName, lead.lastName].filter((part) => part?.trim()).join(' ') || lead.email;
}
