/** The Postgres schema this service owns; nobody else reads it. */
export const Execution_SCHEMA = 'execution';
