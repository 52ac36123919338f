import 'dart:io';

/// A point.
class Point {
  final double x, y;
  const Point(this.x, this.y);
  double get length => sqrt(x * x + y * y);
  Point moved(double d) {
    return Point(x + d, y + d);
  }
}

void main(List<String> args) {
  stdout.writeln(Point(1, 2).length);
}
