// @ts-nocheck
/* eslint-disable @typescript-eslint/no-explicit-any */
import 'reflect-metadata';
import { Entity, Column, PrimaryGeneratedColumn, OneToMany, BeforeInsert } from 'typeorm';
import { IsEmail, Length, ValidateIf } from 'class-validator';
import { Post } from './post.entity';

function logged(message = 'call'): MethodDecorator { /* … L8-16 */ }

function sealed<T extends new (...args: any[]) => object>(ctor: T): T { /* … L18-22 */ }

/**
 * A user row.
 *
 * Maps to the `users` table.
 */
@sealed
@Entity({
  name: 'users',
  orderBy: { createdAt: 'DESC' },
  // comment inside a decorator argument
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
  normalize(): void { /* … L64-67 */ }

  @logged('rename')
  rename(@Length(1, 120) next: string): this { /* … L70-73 */ }

  @logged()
  get displayName(): string { /* … L76-79 */ }

  toString = (): string => { /* … L81 */ };
}

export function Memo(): PropertyDecorator;
export function Memo(ttl: number): PropertyDecorator;
export function Memo(ttl?: number): PropertyDecorator { /* … L86-90 */ }
