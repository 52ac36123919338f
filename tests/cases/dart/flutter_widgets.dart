// ignore_for_file: prefer_const_constructors
import 'package:flutter/material.dart';
import 'package:provider/provider.dart' show ChangeNotifierProvider, Consumer;

/// The counter page.
///
/// Shows a count and a button.
class CounterPage extends StatefulWidget {
  const CounterPage({super.key, required this.title});

  final String title;

  @override
  State<CounterPage> createState() => _CounterPageState();
}

class _CounterPageState extends State<CounterPage> with SingleTickerProviderStateMixin {
  int _count = 0;
  late final AnimationController _controller = AnimationController(vsync: this)
    ..duration = const Duration(milliseconds: 300)
    ..forward();

  static final _pattern = RegExp(r'^\{(\d+)\}$');
  static const _help = '''
Tap the button. {
  Braces } in a multi-line string.
''';

  void _increment() {
    setState(() {
      _count++;
    });
  }

  @override
  Widget build(BuildContext context) {
    return Scaffold(
      appBar: AppBar(title: Text('${widget.title} {$_count}')),
      body: Center(
        child: Column(
          children: [
            Text('Pushed $_count times: ${_count > 1 ? '}' : '{'}'),
            ..._items.map((e) => Text(e)),
          ],
        ),
      ),
      floatingActionButton: FloatingActionButton(
        onPressed: _increment,
        child: const Icon(Icons.add),
      ),
    );
  }

  List<String> get _items => List.generate(_count, (i) => 'item $i');

  @override
  void dispose() {
    _controller.dispose();
    super.dispose();
  }
}

class CartModel extends ChangeNotifier {
  final List<int> _items = [];

  int get total => _items.fold(0, (a, b) => a + b);

  void add(int item) {
    _items.add(item);
    notifyListeners();
  }

  Future<void> sync(Uri uri) async {
    final client = HttpClient()
      ..connectionTimeout = const Duration(seconds: 5)
      ..idleTimeout = const Duration(seconds: 10);
    await client.getUrl(uri).then((req) => req.close());
  }
}

void main() => runApp(
      ChangeNotifierProvider(
        create: (_) => CartModel(),
        child: const MaterialApp(home: CounterPage(title: 'Demo')),
      ),
    );
