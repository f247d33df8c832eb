import { isBrokerError } from '@app/tradovate';
import type {
  Environment,
  LiquidatePositionRequest,
  PlaceOcoRequest,
  PlaceOrderRequest,
  PlaceOsoRequest,
} from '@app/tradovate';
import type { BrokerAccess, Session } from '../broker/broker-access.service';
import type { OrderAttempt } from '../entities/order-attempt';

/**
 * One attempt's broker call, placed at most once. An outcome the broker left unknown (a timeout, a reset connection)
 * is looked up by the attempt's clOrdId before the single resend, and a resumed attempt is looked up before it is
 * placed at all: its order may have gone out before the crash that interrupted it.
 */
export class OrderPlacement {
  constructor(private readonly broker: Pick<BrokerAccess, 'client'>) {}

  /** The id of the attempt's order: placed now, or found already placed. */
  place(s: Session, a: OrderAttempt, resuming: boolean): Promise<number> {
    return resuming ? this.reconcileOrPlace(s, a) : this.placeOnce(s, a);
  }

  /** A resumed attempt: the order it already placed, found by clOrdId, or else one placement. */
  private async reconcileOrPlace(s: Session, a: OrderAttempt): Promise<number> {
    return (await this.reconcile(s, a)) ?? (await this.placeOnce(s, a));
  }

  /** One placement; an unknown outcome is reconciled before the single resend (never placed twice). */
  private async placeOnce(s: Session, a: OrderAttempt): Promise<number> {
    for (let round = 0; ; round += 1) {
      try {
        return (await this.send(s.env, s.token, a)).orderId;
      } catch (err) {
        if (!isBrokerError(err) || !err.info.outcomeUnknown) {
          throw err;
        }
        const found = await this.reconcile(s, a);
        if (found !== null) {
          return found;
        }
        if (round >= 1) {
          throw err;
        }
      }
    }
  }

  private send(env: Environment, token: string, a: OrderAttempt) {
    const c = this.broker.client;
    switch (a.kind) {
      case 'order':
        return c.placeOrder(env, token, a.request as unknown as PlaceOrderRequest);
      case 'oso':
        return c.placeOso(env, token, a.request as unknown as PlaceOsoRequest);
      case 'oco':
        return c.placeOco(env, token, a.request as unknown as PlaceOcoRequest);
      case 'liquidate':
        return c.liquidatePosition(env, token, a.request as unknown as LiquidatePositionRequest);
    }
  }

  /** The order this attempt already placed, found by clOrdId (liquidations carry none: resent, harmless when flat). */
  private async reconcile(s: Session, a: OrderAttempt): Promise<number | null> {
    if (a.kind === 'liquidate') {
      return null;
    }
    const orders = await this.broker.client.listOrders(s.env, s.token);
    return (
      orders.find((o) => o.clOrdId === a.clOrdId && o.accountId === (a.request as { accountId?: number }).accountId)
        ?.id ?? null
    );
  }
}
