import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { UserEntity } from './entities/user.entity';

export type NewUser = Pick<UserEntity, 'email' | 'passwordHash' | 'isActive' | 'isAdmin'>;
export type UserChanges = Partial<
  Pick<UserEntity, 'passwordHash' | 'isActive' | 'isAdmin' | 'lastLogin' | 'sessionsValidAfter'>
>;

/** The users table; every lookup is by primary key or the unique email index. */
@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly repo: Repository<UserEntity>) {}

  findById(id: string): Promise<UserEntity | null> {
    return this.repo.findOneBy({ id });
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.repo.findOneBy({ email });
  }

  /** Inserts, or answers null when the email is taken (the unique index decides, not a prior read). */
  async insert(user: NewUser): Promise<UserEntity | null> {
    const rows = await this.repo.createQueryBuilder().insert().values(user).orIgnore().returning('*').execute();
    const raw = (rows.raw as Record<string, unknown>[])[0];
    return raw ? this.findById(String(raw.id)) : null;
  }

  async update(id: string, changes: UserChanges): Promise<UserEntity | null> {
    await this.repo.update({ id }, changes);
    return this.findById(id);
  }

  /** Newest first, as the user management screen lists them. */
  listNewestFirst(): Promise<UserEntity[]> {
    return this.repo.find({ order: { createdAt: 'DESC', email: 'ASC' } });
  }

  async anyAdmin(): Promise<boolean> {
    return this.repo.existsBy({ isAdmin: true });
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.repo.delete({ id });
    return (result.affected ?? 0) > 0;
  }
}
