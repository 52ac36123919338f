/// Größe eines Fensters — in Punkten (Dart names are ASCII; strings and docs are not).
class Groesse {
  final double breite;
  final double hoehe;
  const Groesse(this.breite, this.hoehe);

  /// Die Fläche: „breite × höhe“.
  double flaeche() { /* … */ }
}

enum Wetter { sonnig, regnerisch }

String gruess(String name) { /* … */ }

String get beschreibung { /* … */ }

const $labels = ['日本語', 'Ελληνικά', 'العربية', 'русский', 'हिन्दी', '中文'];
