// @app/tradovate: the Tradovate REST client, token session helper, symbol mapping and tick rounding.
export { TradovateClient } from './tradovate.client';
export type { TradovateClientOptions } from './tradovate.client';
export { BrokerSession } from './broker-session';
export type { BrokerSessionOptions, SessionToken } from './broker-session';
export { BrokerError, isBrokerError, TRANSIENT_FAILURE_REASONS } from './broker-error';
export type { BrokerErrorCode, BrokerErrorInfo } from './broker-error';
export {
  toTradovateSymbol,
  parseContinuousSymbol,
  isContinuousSymbol,
  continuousRoot,
  symbolRoot,
  MONTH_CODES,
} from './symbols';
export type { ContinuousSymbol } from './symbols';
export { roundToTick, isOnTick, tickDecimals } from './ticks';
export type { TickRounding } from './ticks';
export type * from './types';
