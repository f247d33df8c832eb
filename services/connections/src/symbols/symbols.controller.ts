import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Topic, contextOf } from '@app/contracts';
import type { SymbolSearchResultV1 } from '@app/contracts';
import { OnRequest } from '@app/messaging';
import type { Msg } from '@app/messaging';
import { SymbolsService } from './symbols.service';

@Controller()
export class SymbolsController {
  constructor(private readonly symbols: SymbolsService) {}

  @OnRequest(Topic.SymbolsSearch)
  search(@Payload() msg: Msg<Topic.SymbolsSearch>): Promise<SymbolSearchResultV1> {
    return this.symbols.search(msg.userId, msg.payload.symbol, contextOf(msg));
  }
}
