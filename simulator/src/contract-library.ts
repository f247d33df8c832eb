// The catalogue materialised as Tradovate entities (Contract, ContractMaturity, Product) for one date.
import { contractIdOf, maturities, maturityIdOf, PRODUCTS } from './catalogue';
import type { ProductSpec } from './catalogue';

export interface ContractEntity {
  id: number;
  name: string;
  contractMaturityId: number;
  status: 'DefinitionChecked';
  providerTickSize: number;
}

export interface MaturityEntity {
  id: number;
  productId: number;
  expirationMonth: number;
  expirationDate: string;
  isFront: boolean;
  archived: boolean;
}

export interface ProductEntity {
  id: number;
  name: string;
  description: string;
  currencyId: number;
  productType: 'Futures';
  exchangeId: number;
  contractGroupId: number;
  status: 'Verified';
  months: string;
  valuePerPoint: number;
  priceFormatType: 'Decimal';
  priceFormat: number;
  tickSize: number;
}

const EXCHANGE_IDS: Record<ProductSpec['exchange'], number> = { CME: 1, CBOT: 2, NYMEX: 5, COMEX: 6 };

export class ContractLibrary {
  readonly contracts: ContractEntity[] = [];
  private readonly byName = new Map<string, ContractEntity>();
  private readonly byId = new Map<number, ContractEntity>();
  private readonly maturityById = new Map<number, MaturityEntity>();
  private readonly productById = new Map<number, ProductEntity>();
  private readonly rootOfContract = new Map<number, ProductSpec>();

  constructor(date: Date) {
    for (const spec of PRODUCTS) {
      this.productById.set(spec.id, toProduct(spec));
      maturities(spec.name, date, 4).forEach((m, index) => {
        const maturity: MaturityEntity = {
          id: maturityIdOf(spec.id, m.year, m.month),
          productId: spec.id,
          expirationMonth: m.year * 100 + m.month,
          expirationDate: m.expiration.toISOString(),
          isFront: index === 0,
          archived: false,
        };
        const contract: ContractEntity = {
          id: contractIdOf(spec.id, m.year, m.month),
          name: m.symbol,
          contractMaturityId: maturity.id,
          status: 'DefinitionChecked',
          providerTickSize: spec.tickSize,
        };
        this.maturityById.set(maturity.id, maturity);
        this.contracts.push(contract);
        this.byName.set(contract.name, contract);
        this.byId.set(contract.id, contract);
        this.rootOfContract.set(contract.id, spec);
      });
    }
  }

  find = (name: string): ContractEntity | undefined => this.byName.get(name);
  item = (id: number): ContractEntity | undefined => this.byId.get(id);
  maturity = (id: number): MaturityEntity | undefined => this.maturityById.get(id);
  product = (id: number): ProductEntity | undefined => this.productById.get(id);
  productByName = (name: string): ProductEntity | undefined =>
    [...this.productById.values()].find((x) => x.name === name);
  specOf = (contractId: number): ProductSpec | undefined => this.rootOfContract.get(contractId);

  /** Contracts whose name or product starts with the text (case-insensitive), front months first. */
  suggest(text: string, limit: number): ContractEntity[] {
    const t = text.trim().toUpperCase();
    const hits = this.contracts.filter((c) => {
      const spec = this.rootOfContract.get(c.id);
      const inDescription = t.length >= 3 && spec !== undefined && spec.description.toUpperCase().includes(t);
      return c.name.startsWith(t) || inDescription;
    });
    // Exact root matches first (typing "ES" should not list MES first), then by maturity order.
    const rank = (c: ContractEntity): number => (this.rootOfContract.get(c.id)?.name === t ? 0 : 1);
    return hits.sort((a, b) => rank(a) - rank(b)).slice(0, Math.max(0, limit));
  }
}

function toProduct(spec: ProductSpec): ProductEntity {
  const decimals = (String(spec.tickSize).split('.')[1] ?? '').length;
  return {
    id: spec.id,
    name: spec.name,
    description: spec.description,
    currencyId: 1,
    productType: 'Futures',
    exchangeId: EXCHANGE_IDS[spec.exchange],
    contractGroupId: spec.id,
    status: 'Verified',
    months: spec.months,
    valuePerPoint: spec.valuePerPoint,
    priceFormatType: 'Decimal',
    priceFormat: -decimals,
    tickSize: spec.tickSize,
  };
}
