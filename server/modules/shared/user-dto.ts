import type { User } from '../../../contract/auth';
import type { UserRow } from '../../db/schema';
import { sendingWindowOf } from './sending-window';

/** The user as the API shows it: never the password hash. */
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    companyName: row.companyName,
    industry: row.industry,
    service: row.service,
    preferredLocalClients: row.preferredLocalClients,
    subscriptionStatus: row.subscriptionStatus,
    trialEndDate: row.trialEndDate?.toISOString() ?? null,
    isAdmin: row.isAdmin,
    timezone: row.timezone,
    postalAddress: row.postalAddress,
    bookingUrls: row.bookingUrls,
    sendingWindow: sendingWindowOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}
