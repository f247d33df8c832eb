import { Injectable } from '@nestjs/common';
import { SecretBox } from '@app/common';
import { DomainError } from '@app/contracts';
import type { ContractMatchV1, MessageContext, SymbolSearchResultV1 } from '@app/contracts';
import { TradovateClient, continuousRoot, isBrokerError, toTradovateSymbol } from '@app/tradovate';
import type { Contract, Environment, Product } from '@app/tradovate';
import { ConnectionSyncService } from '../connections/connection-sync.service';
import { ConnectionsRepository } from '../connections/connections.repository';

const MAX_RESULTS = 10;

/** Symbol mapping: Tradovate's contract suggestions, through one of the user's active connections. */
@Injectable()
export class SymbolsService {
  constructor(
    private readonly repo: ConnectionsRepository,
    private readonly sync: ConnectionSyncService,
    private readonly client: TradovateClient,
    private readonly box: SecretBox,
  ) {}

  async search(userId: string | null, symbol: string, ctx: MessageContext): Promise<SymbolSearchResultV1> {
    const connections = userId ? await this.repo.listByUser(userId) : [];
    // Demo first: searching must not depend on (or wake) a live login when a demo one will do.
    const active = connections
      .filter((c) => c.status === 'active' || c.status === 'connected')
      .sort((a, b) => Number(a.environment !== 'demo') - Number(b.environment !== 'demo'));
    const connection = active[0];
    if (!userId || !connection) {
      return { success: false, contracts: [], error: 'No active Tradovate connection found' };
    }
    const text = continuousRoot(symbol) ?? toTradovateSymbol(symbol);
    try {
      const search = async (forceRenew: boolean): Promise<ContractMatchV1[]> => {
        const session = await this.sync.session(userId, connection.id, forceRenew, ctx);
        return this.lookup(session.environment, this.box.decrypt(session.accessTokenEncrypted), text);
      };
      const contracts = await search(false).catch((err: unknown) => {
        if (isBrokerError(err, 'BROKER_AUTH_FAILED')) {
          return search(true);
        }
        throw err;
      });
      return { success: true, contracts };
    } catch (err) {
      if (err instanceof DomainError) {
        return { success: false, contracts: [], error: err.message };
      }
      throw err;
    }
  }

  private async lookup(env: Environment, token: string, text: string): Promise<ContractMatchV1[]> {
    const found = await this.client.suggestContracts(env, token, text, MAX_RESULTS);
    const products = new Map<number, Promise<Product | null>>();
    const productOf = async (contract: Contract): Promise<Product | null> => {
      const maturity = await this.client.getContractMaturity(env, token, contract.contractMaturityId);
      if (!maturity) {
        return null;
      }
      if (!products.has(maturity.productId)) {
        products.set(maturity.productId, this.client.getProduct(env, token, maturity.productId));
      }
      return (await products.get(maturity.productId)) ?? null;
    };
    const matches: ContractMatchV1[] = [];
    for (const contract of found.slice(0, MAX_RESULTS)) {
      const product = await productOf(contract);
      matches.push({
        contract_id: contract.id,
        symbol: contract.name,
        tick: contract.providerTickSize ?? product?.tickSize ?? 0,
        description: product?.description ?? product?.name ?? contract.name,
      });
    }
    return matches;
  }
}
