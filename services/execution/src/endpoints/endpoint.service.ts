import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { SecretBox, sha256Hex, withoutTrailingSlashes } from '@app/common';
import { APP_CONFIG } from '@app/messaging';
import type { Repository } from 'typeorm';
import { WebhookEndpointEntity } from '../entities/webhook-endpoint.entity';
import type { ExecutionConfig } from '../execution.settings';
import { ReadModelMemory } from '../read-model/read-model-memory';

/** How a webhook secret is kept and found: its sha256, which tells nothing of the secret. */
export const hashSecret = sha256Hex;

/** Per-user webhook URLs: 32 random bytes in the path; we keep the sha256 to find it and the sealed secret to show it. */
@Injectable()
export class EndpointService {
  private readonly box: SecretBox;

  constructor(
    @Inject(APP_CONFIG) private readonly config: ExecutionConfig,
    @InjectRepository(WebhookEndpointEntity) private readonly endpoints: Repository<WebhookEndpointEntity>,
    private readonly memory: ReadModelMemory,
  ) {
    this.box = new SecretBox(config.ENCRYPTION_KEY);
  }

  async urlOf(userId: string): Promise<{ url: string }> {
    const existing = await this.endpoints.findOneBy({ userId });
    if (existing) {
      return { url: this.url(this.box.decrypt(existing.secretEncrypted)) };
    }
    return this.rotate(userId);
  }

  /** A new secret; the old URL stops working at once. */
  async rotate(userId: string): Promise<{ url: string }> {
    const secret = randomBytes(32).toString('base64url');
    const secretHash = hashSecret(secret);
    await this.endpoints.upsert({ userId, secretHash, secretEncrypted: this.box.encrypt(secret) }, ['userId']);
    this.memory.setEndpoint(userId, secretHash);
    return { url: this.url(secret) };
  }

  async deleteUser(userId: string): Promise<void> {
    await this.endpoints.delete({ userId });
    this.memory.removeEndpoint(userId);
  }

  private url(secret: string): string {
    return `${withoutTrailingSlashes(this.config.PUBLIC_URL)}/api/webhooks/tradingview/${secret}`;
  }
}
