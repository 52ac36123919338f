import { Injectable, Inject, Component, Input, HostListener } from '@angular/core';
import type { Observable } from 'rxjs';
import { Logger } from './logger';

export interface Shape {
  area(): number;
}

/**
 * Base of every shape.
 */
export abstract class BaseShape implements Shape {
  static count = 0;
  protected abstract readonly kind: string;

  protected constructor(public readonly id: string, private readonly logger?: Logger) { /* … L16-18 */ }

  abstract area(): number;
  abstract scale(factor: number): this;

  describe(): string { /* … L23-25 */ }
}

export class Circle extends BaseShape {
  protected readonly kind = 'circle';
  #radius: number;
  private static readonly PI = Math.PI;
  declare tag?: string;
  public onResize: (r: number) => void = (r) => { /* … L33-35 */ };
  readonly toJSON = (): object => { /* … L36 */ };

  constructor(id: string, radius: number) { /* … L38-41 */ }

  get radius(): number { /* … L43-45 */ }

  set radius(value: number) { /* … L47-51 */ }

  area(): number { /* … L53-55 */ }

  scale(factor: number): this { /* … L57-60 */ }

  static unit(): Circle { /* … L62-64 */ }
}

/** Overloads: each signature is kept, only the implementation body goes. */
export function parse(input: string): number;
export function parse(input: string[]): number[];
export function parse(input: string | string[]): number | number[] { /* … L70-72 */ }

@Injectable({
  providedIn: 'root',
  useFactory: () => new ShapeService(new Logger('shapes')),
})
export class ShapeService {
  private readonly shapes = new Map<string, Shape>();

  constructor(@Inject('LOGGER') private logger: Logger) {}

  add<S extends Shape>(shape: S & { id: string }): S { /* … L83-86 */ }

  find(id: string): Shape | undefined;
  find(predicate: (s: Shape) => boolean): Shape | undefined;
  find(arg: string | ((s: Shape) => boolean)): Shape | undefined { /* … L90-93 */ }

  watch$(): Observable<Shape[]> { /* … L95-97 */ }
}

@Component({
  selector: 'app-shape',
  template: `<canvas #c></canvas>`,
})
export class ShapeComponent {
  @Input() shape!: Shape;
  @Input({ required: true, transform: (v: string) => v.trim() }) label = '';

  @HostListener('window:resize', ['$event'])
  onResize(event: UIEvent) { /* … L109-111 */ }

  private redraw(): void { /* … L113-115 */ }
}

export class Registry<K extends string | number, V = unknown> {
  private items: Record<K, V> = {} as Record<K, V>;
  static readonly empty = new Registry<string>();
  static { /* … L121-123 */ }
  freeze(): void { /* … L124-126 */ }
}
