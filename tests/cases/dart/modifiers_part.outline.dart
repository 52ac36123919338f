part of my.lib;

class A {
  A(this.x) : y = 2 { /* … */ }
  A.b() : this(1);
  final int x, y;
  static Future<int> s() async { /* … */ }
  void m() { /* … */ }
  var f = (int x) => x + 1;
  var g = (int x) { return x; };
}
int get top => 1;
set top(int v) {}
sealed class S {}
base class B {}
final class F {}
abstract interface class I {}
extension type Id(int v) {}
(int, String) rec() => (1, 'a');
