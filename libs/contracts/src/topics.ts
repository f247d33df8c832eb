/**
 * Every topic of the system, in one place (STYLE.md: "Topic names in one enum").
 * A value is a Kafka topic name and never changes without a migration plan. Request topics get a
 * `<topic>.reply` companion for request-reply; see `replyTopicOf`.
 */
export enum Topic {
  // Health: one request topic per service, answered by that service alone.
  AuthHealth = 'auth.health',
  ConnectionsHealth = 'connections.health',
  TradingHealth = 'trading.health',
  ExecutionHealth = 'execution.health',

  // auth: users, sessions, approval, password reset
  AuthRegister = 'auth.register',
  AuthLogin = 'auth.login',
  AuthMe = 'auth.me',
  AuthVerifySession = 'auth.verify-session',
  AuthForgotPassword = 'auth.forgot-password',
  AuthValidateResetToken = 'auth.validate-reset-token',
  AuthResetPassword = 'auth.reset-password',
  UsersList = 'auth.users.list',
  UsersSetStatus = 'auth.users.set-status',
  UsersDelete = 'auth.users.delete',

  // connections: broker connections, OAuth, accounts, symbols
  ConnectionsList = 'connections.list',
  ConnectionsCreate = 'connections.create',
  ConnectionsUpdate = 'connections.update',
  ConnectionsDelete = 'connections.delete',
  ConnectionsTest = 'connections.test',
  ConnectionsRefresh = 'connections.refresh',
  ConnectionsOAuthUrl = 'connections.oauth-url',
  ConnectionsOAuthCallback = 'connections.oauth-callback',
  AccountsList = 'connections.accounts.list',
  SymbolsSearch = 'connections.symbols.search',
  /** Fallback for execution's read model: the broker session of one connection. */
  ConnectionsBrokerSession = 'connections.broker-session',

  // trading: groups and alerts
  GroupsList = 'trading.groups.list',
  GroupsCreate = 'trading.groups.create',
  GroupsUpdate = 'trading.groups.update',
  GroupsDelete = 'trading.groups.delete',
  AlertsList = 'trading.alerts.list',
  AlertsCreate = 'trading.alerts.create',
  AlertsUpdate = 'trading.alerts.update',
  AlertsDelete = 'trading.alerts.delete',
  /** Fallback for execution's read model: how one alert routes. */
  AlertsRoute = 'trading.alerts.route',

  // execution: webhooks, orders, trade logs
  WebhookReceived = 'execution.webhook',
  WebhookEndpointGet = 'execution.webhook-endpoint.get',
  WebhookEndpointRotate = 'execution.webhook-endpoint.rotate',
  LogsList = 'execution.logs.list',
  LogsGet = 'execution.logs.get',

  // Events (facts). State-carrying ones are compacted, keyed by the entity id.
  UserDeleted = 'events.user-deleted',
  UserStatusChanged = 'events.user-status-changed',
  ConnectionChanged = 'events.connection-changed',
  ConnectionRemoved = 'events.connection-removed',
  AlertRouteChanged = 'events.alert-route-changed',
  AlertRemoved = 'events.alert-removed',
}

export const replyTopicOf = (topic: Topic | string): string => `${topic}.reply`;

/** The service that owns (answers, or emits) each topic. Kafka consumer groups are named after it. */
export type ServiceName = 'gateway' | 'auth' | 'connections' | 'trading' | 'execution';
