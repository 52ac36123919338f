// Multibyte identifiers and strings, attributes, try blocks; written for codepith's tests.
#include <stdexcept>
#include <string_view>

/// Grüße an die Welt — greets the world.
[[nodiscard]] inline std::string_view greeting() noexcept { /* … */ }

[[deprecated("use größe()")]] int size_of(const char *s);

struct [[gnu::packed]] Größe {
    int breite;
    int höhe;
    [[nodiscard]] int fläche() const;
};

int Größe::fläche() const { /* … */ }

int parse(const char *text) { /* … */ }

auto trailing(int x) -> int { /* … */ }

int checked(int x) { /* … */ }
