import { z } from 'zod';

/** Texts of Settings' "Your data" and "Delete account" (ADR 080); the spec does not show them. */
export const MY_DATA_MESSAGES = {
  confirmEmailMismatch: 'Type the email address of your account to confirm.',
  superAdminCannotDelete: 'A super admin cannot delete their own account here. Ask another super admin, or run hireloop erase.',
  deletedTitle: 'Your account has been deleted',
  deletedText: 'Your personal data is gone from Hireloop. Thank you for having been here.',
} as const;

/** `DELETE /api/me`: the account's own email, typed again (asked twice in the page). */
export const DeleteAccountBody = z.object({ confirmEmail: z.string().trim().min(1, MY_DATA_MESSAGES.confirmEmailMismatch).max(320) });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

export const DeleteAccountResponse = z.object({ success: z.literal(true), message: z.string() });
export type DeleteAccountResponse = z.infer<typeof DeleteAccountResponse>;

/** One event of the log that is the person's: theirs by stream, by actor or by naming them. */
export const MyDataEvent = z.object({ type: z.string(), streamId: z.string(), occurredAt: z.string(), data: z.unknown() });

/** `POST /api/me/data-export`: everything Hireloop holds about the signed-in person, opened. */
export const MyDataExport = z.object({
  exportedAt: z.string(),
  account: z.object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    type: z.string(),
    role: z.string(),
    companyId: z.string().nullable(),
  }),
  /**
   * Every event that is theirs, oldest first: their personal fields opened; another person's
   * personal fields in an event that also names them left out.
   */
  events: z.array(MyDataEvent),
});
export type MyDataExport = z.infer<typeof MyDataExport>;
