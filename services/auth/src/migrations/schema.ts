/** The Postgres schema this service owns; nobody else reads it. */
export const Auth_SCHEMA = 'auth';
