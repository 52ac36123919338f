import 'dart:io';

/// A point.
class Point {
  final double x, y;
  const Point(this.x, this.y);
  double get length { /* … L7 */ }
  Point moved(double d) { /* … L8-10 */ }
}

void main(List<String> args) { /* … L13-15 */ }
