import { Injectable } from '@nestjs/common';
import { DomainError } from '@app/contracts';
import type { AlertRouteChangedV1 } from '@app/contracts';
import { isContinuousSymbol, symbolRoot, toTradovateSymbol } from '@app/tradovate';
import type { Contract, Environment } from '@app/tradovate';
import { BrokerAccess } from './broker-access.service';

export interface ResolvedContract {
  id: number;
  name: string;
  tickSize: number;
}

/** Which contract to trade: by its broker id, or else by a symbol to look up. */
export interface ContractRef {
  symbolId: number | null;
  symbol: string | null;
}

/**
 * The contract an alert's signal trades: the alert's mapped contract; without one the message's symbol, else the
 * alert's own (an alert saved with a symbol but never mapped, and a message template without {{ticker}}). The fan-out
 * trades it and the trade log names it, so the two cannot disagree.
 */
export const contractRefOf = (
  route: Pick<AlertRouteChangedV1, 'symbolId' | 'symbol'>,
  signal?: { symbol: string | null },
): ContractRef =>
  route.symbolId !== null
    ? { symbolId: route.symbolId, symbol: null }
    : { symbolId: null, symbol: signal?.symbol ?? route.symbol };

const TTL_MS = 60 * 60_000;

/**
 * Contracts and tick sizes, cached per environment: the hot path asks Tradovate once per contract
 * per hour. The alert's mapped contract id wins; a payload symbol is the fallback (MNQ1! → front month).
 */
@Injectable()
export class ContractCache {
  private readonly cache = new Map<string, { at: number; value: Promise<ResolvedContract> }>();

  constructor(private readonly broker: BrokerAccess) {}

  resolve(env: Environment, token: string, ref: ContractRef): Promise<ResolvedContract> {
    const key = `${env}|${ref.symbolId ?? `s:${(ref.symbol ?? '').toUpperCase()}`}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) {
      return hit.value;
    }
    const value = this.load(env, token, ref);
    this.cache.set(key, { at: Date.now(), value });
    value.catch(() => this.cache.delete(key));
    return value;
  }

  private async load(env: Environment, token: string, ref: ContractRef): Promise<ResolvedContract> {
    const contract =
      ref.symbolId !== null
        ? await this.broker.client.getContract(env, token, ref.symbolId)
        : await this.bySymbol(env, token, ref.symbol);
    if (!contract) {
      throw new DomainError(
        'BROKER_REJECTED',
        `Contract ${ref.symbolId ?? ref.symbol ?? ''} is not known to Tradovate`,
      );
    }
    const tickSize = await this.broker.client.tickSize(env, token, contract);
    return { id: contract.id, name: contract.name, tickSize };
  }

  private async bySymbol(env: Environment, token: string, symbol: string | null): Promise<Contract | null> {
    if (!symbol) {
      throw new DomainError('VALIDATION_FAILED', 'The alert has no contract and the message has no symbol');
    }
    if (!isContinuousSymbol(symbol)) {
      return this.broker.client.findContract(env, token, toTradovateSymbol(symbol));
    }
    const root = symbolRoot(symbol);
    const candidates = (await this.broker.client.suggestContracts(env, token, root, 20)).filter(
      (c) => symbolRoot(c.name) === root,
    );
    const dated = await Promise.all(
      candidates.map(async (c) => ({
        c,
        m: await this.broker.client.getContractMaturity(env, token, c.contractMaturityId),
      })),
    );
    const now = Date.now();
    const live = dated.filter((d) => d.m && Date.parse(d.m.expirationDate) > now);
    live.sort((a, b) => Date.parse(a.m?.expirationDate ?? '') - Date.parse(b.m?.expirationDate ?? ''));
    return live[0]?.c ?? null;
  }
}
