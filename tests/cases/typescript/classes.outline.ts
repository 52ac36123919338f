import { Injectable, Inject, Component, Input, HostListener } from '@angular/core';
import type { Observable } from 'rxjs';
import { Logger } from './logger';

export interface Shape {
  area(): number;
}

/** Base of every shape. */
export abstract class BaseShape implements Shape {
  static count = 0;
  protected abstract readonly kind: string;

  protected constructor(public readonly id: string, private readonly logger?: Logger) { /* … */ }

  abstract area(): number;
  abstract scale(factor: number): this;

  describe(): string { /* … */ }
}

export class Circle extends BaseShape {
  protected readonly kind = 'circle';
  #radius: number;
  private static readonly PI = Math.PI;
  declare tag?: string;
  public onResize: (r: number) => void = (r) => { /* … */ };
  readonly toJSON = (): object => { /* … */ };

  constructor(id: string, radius: number) { /* … */ }

  get radius(): number { /* … */ }

  set radius(value: number) { /* … */ }

  area(): number { /* … */ }

  scale(factor: number): this { /* … */ }

  static unit(): Circle { /* … */ }
}

/** Overloads: each signature is kept, only the implementation body goes. */
export function parse(input: string): number;
export function parse(input: string[]): number[];
export function parse(input: string | string[]): number | number[] { /* … */ }

@Injectable({
  providedIn: 'root',
  useFactory: () => new ShapeService(new Logger('shapes')),
})
export class ShapeService {
  private readonly shapes = new Map<string, Shape>();

  constructor(@Inject('LOGGER') private logger: Logger) {}

  add<S extends Shape>(shape: S & { id: string }): S { /* … */ }

  find(id: string): Shape | undefined;
  find(predicate: (s: Shape) => boolean): Shape | undefined;
  find(arg: string | ((s: Shape) => boolean)): Shape | undefined { /* … */ }

  watch$(): Observable<Shape[]> { /* … */ }
}

@Component({
  selector: 'app-shape',
  template: `<canvas #c></canvas>`,
})
export class ShapeComponent {
  @Input() shape!: Shape;
  @Input({ required: true, transform: (v: string) => v.trim() }) label = '';

  @HostListener('window:resize', ['$event'])
  onResize(event: UIEvent) { /* … */ }

  private redraw(): void { /* … */ }
}

export class Registry<K extends string | number, V = unknown> {
  private items: Record<K, V> = {} as Record<K, V>;
  static readonly empty = new Registry<string>();
  static { /* … */ }
  freeze(): void { /* … */ }
}
