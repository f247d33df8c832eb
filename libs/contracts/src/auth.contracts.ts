import { z } from 'zod';
import { request } from './contract';
import { Id } from './shared.schemas';
import { Topic } from './topics';

// Contracts owned by the auth service: request payload schemas, reply schemas and the events it emits.
// The gateway validates bodies with these same schemas, so both sides agree on what is valid.

/** Longest address SMTP allows; longer input is refused before it reaches the database. */
export const EMAIL_MAX = 254;
/** Argon2 hashes the whole password: cap it so a huge one cannot burn the CPU. */
export const PASSWORD_MAX = 128;
export const PASSWORD_MIN = 8;

/**
 * text@text.text. The domain is written so that no two runs can take the same character: `[^\s@]+\.[^\s@]+` (a dot
 * is one of those characters) tried every split of a long domain (5 s for 60 kB, ReDoS). Here: its first character,
 * then no dot until the dot that splits it, then at least one more character. The same addresses as before
 * (email-address.spec.ts compares them).
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]*[^\s@]$/;

const text = (field: string) =>
  z.string({ error: (iss) => (iss.input === undefined ? `${field} is required` : `${field} must be text`) });

/** Trimmed, lower-case (addresses are compared case-insensitively), of the simple text@text.text form. */
export const EmailAddress = text('Email')
  .trim()
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .regex(EMAIL_PATTERN, 'Please enter a valid email address')
  .transform((e) => e.toLowerCase());

/** A new password: the spec's minimum, and a cap. */
const newPassword = (minMessage: string) =>
  text('Password')
    .min(PASSWORD_MIN, minMessage)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const RegisterV1 = z.object({
  email: EmailAddress,
  password: newPassword('Password must be at least 8 characters long'),
});

/** Login checks no format (an account either exists or not), only presence and the length cap. */
export const LoginV1 = z.object({
  email: text('Email')
    .trim()
    .min(1, 'Email is required')
    .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
    .transform((e) => e.toLowerCase()),
  password: text('Password')
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});

/** A user as the API shows it (snake_case, as the web client reads it). */
export const UserV1 = z.object({
  id: Id,
  email: z.string(),
  is_active: z.boolean(),
  is_admin: z.boolean(),
  created_at: z.string(),
  last_login: z.string().nullable(),
});
export type UserV1 = z.infer<typeof UserV1>;

export const AccessTokenV1 = z.object({ access_token: z.string(), token_type: z.literal('bearer') });

export const ForgotPasswordV1 = z.object({ email: EmailAddress });
/** `reset_token` only when no mail server is configured, RESET_TOKEN_IN_REPLY opted in (a local trial), and the account exists. */
export const ForgotPasswordReplyV1 = z.object({ message: z.string(), reset_token: z.string().optional() });

const ResetToken = text('Token').min(1, 'Token is required').max(256, 'Token is too long');
export const ValidateResetTokenV1 = z.object({ token: ResetToken });
export const ResetTokenStatusV1 = z.object({ valid: z.boolean(), email: z.string().nullable() });

export const ResetPasswordV1 = z.object({
  token: ResetToken,
  new_password: newPassword('Password must be at least 8 characters long.'),
});
export const AuthMessageV1 = z.object({ message: z.string() });

export const AuthNoPayloadV1 = z.object({});

/** PUT /api/users/{id}/status body; the id comes from the path. */
export const SetUserStatusBodyV1 = z.object({
  is_active: z.boolean({
    error: (iss) => (iss.input === undefined ? 'is_active is required' : 'is_active must be true or false'),
  }),
});
export const SetUserStatusV1 = SetUserStatusBodyV1.extend({ id: Id });
export const AuthUserIdV1 = z.object({ id: Id });

/** The gateway checks every bearer token's user on each call: deleted, deactivated or logged-out users are refused. */
export const VerifySessionV1 = z.object({ userId: Id, issuedAt: z.number().int() });
export const SessionUserV1 = z.object({ id: Id, email: z.string(), isAdmin: z.boolean() });
export type SessionUserV1 = z.infer<typeof SessionUserV1>;

export const authContracts = {
  [Topic.AuthVerifySession]: request({ owner: 'auth', version: 1, request: VerifySessionV1, reply: SessionUserV1 }),
  [Topic.AuthRegister]: request({ owner: 'auth', version: 1, request: RegisterV1, reply: UserV1 }),
  [Topic.AuthLogin]: request({ owner: 'auth', version: 1, request: LoginV1, reply: AccessTokenV1 }),
  [Topic.AuthMe]: request({ owner: 'auth', version: 1, request: AuthNoPayloadV1, reply: UserV1 }),
  [Topic.AuthForgotPassword]: request({
    owner: 'auth',
    version: 1,
    request: ForgotPasswordV1,
    reply: ForgotPasswordReplyV1,
  }),
  [Topic.AuthValidateResetToken]: request({
    owner: 'auth',
    version: 1,
    request: ValidateResetTokenV1,
    reply: ResetTokenStatusV1,
  }),
  [Topic.AuthResetPassword]: request({ owner: 'auth', version: 1, request: ResetPasswordV1, reply: AuthMessageV1 }),
  [Topic.UsersList]: request({ owner: 'auth', version: 1, request: AuthNoPayloadV1, reply: z.array(UserV1) }),
  [Topic.UsersSetStatus]: request({ owner: 'auth', version: 1, request: SetUserStatusV1, reply: UserV1 }),
  [Topic.UsersDelete]: request({ owner: 'auth', version: 1, request: AuthUserIdV1, reply: AuthNoPayloadV1 }),
} as const;
