/**
 * docs/product.md §2's quick select: the next `count` leads after the last selected one in the list as shown (from the top
 * when none is selected). Answers the ids to add; fewer when the list runs out.
 */
export function nextAfterLastSelected(
  listIds: readonly number[],
  selected: ReadonlySet<number>,
  count: number,
): number[] {
  let last = -1;
  for (let index = listIds.length - 1; index >= 0; index--) {
    if (selected.has(listIds[index])) {
      last = index;
      break;
    }
  }
  return listIds.slice(last + 1, last + 1 + count).filter((id) => !selected.has(id));
}

/** docs/product.md §4's summary line and the completed text ("Successfully sent N email(s) (M failed)"). */
export function completedText(sent: number, failed: number): string {
  return `Successfully sent ${sent} email(s) (${failed} failed)`;
}

/** How far a campaign has got, 0 to 100: every mail with an outcome counts. */
export function campaignProgress(campaign: {
  totalEmails: number;
  emailsSent: number;
  emailsFailed: number;
  emailsUnknown: number;
}): number {
  if (campaign.totalEmails === 0) return 100;
  const done = campaign.emailsSent + campaign.emailsFailed + campaign.emailsUnknown;
  return Math.min(100, Math.round((done / campaign.totalEmails) * 100));
}

/**
 * Where a campaign's mails are, for its progress line: each mail is in exactly one of these, so they add up to the
 * total at every moment, mails being sent right now included. Sent and failed always show (docs/product.md's pair); the others
 * only when there are any.
 */
export function campaignFigures(campaign: {
  emailsSent: number;
  emailsFailed: number;
  emailsUnknown: number;
  emailsSending: number;
  emailsPending: number;
}): string {
  const figures = [`${campaign.emailsSent} sent`, `${campaign.emailsFailed} failed`];
  if (campaign.emailsUnknown > 0) figures.push(`${campaign.emailsUnknown} unknown`);
  if (campaign.emailsSending > 0) figures.push(`${campaign.emailsSending} sending now`);
  if (campaign.emailsPending > 0) figures.push(`${campaign.emailsPending} still to send`);
  return figures.join(', ');
}
