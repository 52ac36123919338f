library my.lib;

import 'dart:async';
import 'package:foo/foo.dart' as foo show Bar, baz hide Q;
import 'big.dart' deferred as big;
export 'src/a.dart' show A;
part 'b.dart';

/// A shape.
abstract class Shape<T extends num> extends Base with Mix implements Comparable<Shape> {
  static const int sides = 3;
  final String name;
  late double _area;
  Shape(this.name) : _area = 0, super();
  Shape.named({required this.name}) : this(name);
  factory Shape.create(String k) => Circle(k);
  factory Shape.other() = Circle.other;
  const Shape.c(this.name);
  double get area => _area;
  set area(double v) { _area = v; }
  double perimeter();
  external void native();
  @override
  String toString() {
    return 'Shape($name) ${name.length}';
  }
  Future<void> load() async => await Future.delayed(Duration.zero);
  Stream<int> gen() async* { yield 1; }
  bool operator ==(Object o) => o is Shape && o.name == name;
}

mixin Mix on Base {
  void mixed() { print('m'); }
}

extension StringX on String {
  String get shout => toUpperCase();
  int twice() { return length * 2; }
}

enum Color implements Comparable<Color> {
  red(1), green(2);
  final int v;
  const Color(this.v);
  int compareTo(Color o) => v - o.v;
}

typedef Handler = void Function(int x);
typedef int Old(int a);

void main() {
  final b = StringBuffer()..write('a')..write('b');
  var r = r'raw {';
  print('$b ${r}');
}

int add(int a, int b) => a + b;
final list = [1, 2, 3];
