import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull } from 'typeorm';
import type { Repository } from 'typeorm';
import { ResetTokenEntity } from './entities/reset-token.entity';

@Injectable()
export class ResetTokensRepository {
  constructor(@InjectRepository(ResetTokenEntity) private readonly repo: Repository<ResetTokenEntity>) {}

  async create(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.repo.insert({ userId, tokenHash, expiresAt });
  }

  findByHash(tokenHash: string): Promise<ResetTokenEntity | null> {
    return this.repo.findOneBy({ tokenHash });
  }

  /** Marks the token used; false when it already was (two resets racing with one token: one wins). */
  async markUsed(id: string, at: Date): Promise<boolean> {
    const result = await this.repo.update({ id, usedAt: IsNull() }, { usedAt: at });
    return (result.affected ?? 0) > 0;
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.repo.delete({ userId });
  }
}
