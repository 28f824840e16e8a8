// Who runs the site, as the legal pages print it (content.md §2, information/): a new site prints
// incomplete details ("TubeSite runs TubeSite", a 2257 custodian without an address, a DMCA agent
// without an e-mail). Until they are set, the start log and the console's dashboard say which are
// missing (issue 34).
import type { OperatorDetailName } from '../../../contract/admin-dashboard.ts';

export interface OperatorDetailsInput {
  siteName: string;
  operator: {
    name: string;
    address?: string | null;
    dmcaAgentEmail?: string | null;
    custodianOfRecords?: string | null;
  };
}

/** The operator details the legal pages still lack, in the order the settings page lists them. */
export function missingOperatorDetails(site: OperatorDetailsInput): OperatorDetailName[] {
  const blank = (value: string | null | undefined) => !value || value.trim() === '';
  const missing: OperatorDetailName[] = [];
  // Unset, the operator's name is the site's own: the pages would say the site runs itself.
  if (blank(site.operator.name) || site.operator.name.trim() === site.siteName.trim())
    missing.push('operator_name');
  if (blank(site.operator.address)) missing.push('operator_address');
  if (blank(site.operator.dmcaAgentEmail)) missing.push('dmca_agent_email');
  if (blank(site.operator.custodianOfRecords)) missing.push('custodian_of_records');
  return missing;
}
