import { PASSWORD_MIN_LENGTH, ResetPasswordBody } from '@hireloop/contracts';
import { z } from 'zod';

/** What went wrong, as the reset page says it (spec part 2, §5 and §8): a title, if any, and a sentence. */
export interface ResetNotice {
  title: string | null;
  description: string;
}

/**
 * The page's own rules for a new password (part 2, §5), in the spec's order, each with its own
 * words. They are stricter to read than the API's (`Password`'s message has no full stop), so the
 * form says these, and the contract's schema still runs after them (its upper bound, for one).
 */
export const NEW_PASSWORD_RULES = {
  fieldsRequired: { title: null, description: 'Please fill in all fields.' },
  passwordsDiffer: { title: "Passwords Don't Match", description: 'Please make sure both passwords are identical.' },
  passwordTooShort: {
    title: 'Password Too Short',
    description: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  },
} as const satisfies Record<string, ResetNotice>;

/** What the step 2 form holds: the new password and its confirmation, which only the page has. */
export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

export const NEW_PASSWORD_FIELDS = ['newPassword', 'confirmPassword'] as const satisfies readonly (keyof NewPasswordValues)[];

/**
 * Step 2's resolver: the contract's `ResetPasswordBody.newPassword`, extended with the
 * confirmation. One rule fails at a time, in the spec's order: both fields filled, then the two
 * the same, then long enough. Each message goes to the field it is about.
 */
export const NewPasswordForm = z
  .object({ newPassword: z.string(), confirmPassword: z.string() })
  .superRefine(({ newPassword, confirmPassword }, context) => {
    const fail = (path: keyof NewPasswordValues, notice: ResetNotice) =>
      context.addIssue({ code: 'custom', path: [path], message: notice.description });
    if (!newPassword || !confirmPassword) {
      if (!newPassword) fail('newPassword', NEW_PASSWORD_RULES.fieldsRequired);
      if (!confirmPassword) fail('confirmPassword', NEW_PASSWORD_RULES.fieldsRequired);
    } else if (newPassword !== confirmPassword) {
      fail('confirmPassword', NEW_PASSWORD_RULES.passwordsDiffer);
    } else if (newPassword.length < PASSWORD_MIN_LENGTH) {
      fail('newPassword', NEW_PASSWORD_RULES.passwordTooShort);
    }
  })
  .transform(({ newPassword }) => ({ newPassword }))
  .pipe(ResetPasswordBody.pick({ newPassword: true }));

/** The rule a field's message comes from, when the spec gives it a title (shown in the page's alert). */
export function titledRuleOf(message: string | undefined): ResetNotice | null {
  const rule = Object.values(NEW_PASSWORD_RULES).find(({ description }) => description === message);
  return rule?.title ? rule : null;
}
