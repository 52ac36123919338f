// @ts-nocheck
/* eslint-disable @typescript-eslint/no-explicit-any */
import 'reflect-metadata';
import { Entity, Column, PrimaryGeneratedColumn, OneToMany, BeforeInsert } from 'typeorm';
import { IsEmail, Length, ValidateIf } from 'class-validator';
import { Post } from './post.entity';

function logged(message = 'call'): MethodDecorator { /* … */ }

function sealed<T extends new (...args: any[]) => object>(ctor: T): T { /* … */ }

/** A user row. */
@sealed
@Entity({
  name: 'users',
  orderBy: { createdAt: 'DESC' },
})
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ length: 120 })
  @Length(1, 120, {
    message: ({ value }) => `name "${value}" has a bad length`,
  })
  name!: string;

  @Column({ unique: true })
  @IsEmail()
  @ValidateIf((o: UserEntity) => o.email !== undefined)
  email?: string;

  @OneToMany(() => Post, (post) => post.author, { cascade: true })
  posts!: Post[];

  @Column({
    type: 'timestamp',
    default: () => 'CURRENT_TIMESTAMP',
    transformer: {
      to: (v: Date) => v,
      from: (v: string) => new Date(v),
    },
  })
  createdAt!: Date;

  @BeforeInsert()
  normalize(): void { /* … */ }

  @logged('rename')
  rename(@Length(1, 120) next: string): this { /* … */ }

  @logged()
  get displayName(): string { /* … */ }

  toString = (): string => { /* … */ };
}

export function Memo(): PropertyDecorator;
export function Memo(ttl: number): PropertyDecorator;
export function Memo(ttl?: number): PropertyDecorator { /* … */ }
